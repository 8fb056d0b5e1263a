import { useEffect, useSyncExternalStore, type ReactNode } from 'react';

let painted = false;
const waiting = new Set<() => void>();

function markPainted(): void {
  if (painted) return;
  painted = true;
  for (const notify of waiting) notify();
  waiting.clear();
}

function subscribe(notify: () => void): () => void {
  waiting.add(notify);
  return () => waiting.delete(notify);
}

const isPainted = () => painted;

/**
 * Runs `done` once the frame after now has been painted: a timer queued from an animation frame
 * runs after that frame's paint. A hidden tab draws no frames, so a timer ends the wait as well.
 */
function afterNextPaint(done: () => void): () => void {
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fallback = setTimeout(done, 250);
  if (typeof requestAnimationFrame === 'function') frame = requestAnimationFrame(() => (timer = setTimeout(done)));
  return () => {
    clearTimeout(fallback);
    clearTimeout(timer);
    if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
  };
}

/**
 * Renders `fallback` until the app's first frame is on screen, then `children`, at once ever after.
 * Around the route's page and the root layout's overlays: their lazy imports (and the preload links
 * Vite's helper writes for each of their chunks, main-thread work) waited in front of the first paint
 * of a cold start, and every chunk they asked for before it counted as render-blocking in a first
 * contentful paint on a slow network. Now the shell's frame (navigation, skeleton) paints first.
 */
export function AfterShellPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const shown = useSyncExternalStore(subscribe, isPainted, () => true);
  useEffect(() => (shown ? undefined : afterNextPaint(markPainted)), [shown]);
  return shown ? children : fallback;
}

/** Tests: a fresh start, as on a cold load of the app. */
export function resetShellPaintForTests(): void {
  painted = false;
}
