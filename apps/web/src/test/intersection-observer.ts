import { vi } from 'vitest';

export interface Watched {
  el: Element;
  /** The element comes near the screen: its observer's callback is told so. */
  enter: () => void;
}

/**
 * jsdom has no IntersectionObserver: this one records every element observed, and a test says when
 * one comes near the screen (`enter`). Undo it with `vi.unstubAllGlobals()` after each test.
 */
export function stubIntersectionObserver(): Watched[] {
  const watched: Watched[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void) {}
      observe(el: Element) {
        watched.push({ el, enter: () => this.callback([{ isIntersecting: true }]) });
      }
      disconnect() {}
    },
  );
  return watched;
}
