import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { create } from 'zustand';
import { cn } from '../utils/cn';

/**
 * The one place for what arrives while a screen is open: the live banners (a new order, an
 * escalation, a POD request), the toast, and the connection pill. It is part of the header block,
 * in the flow under the title bar and sticky with it: what shows there pushes the screen down
 * instead of lying over a control or a title, and stays in sight while the screen scrolls. A page's
 * header holds it (PageHeader; home under its greeting). Without one on screen (sign-in, a page still
 * loading) banners and the pill wait, and a toast uses the strip at the top (toast-host.tsx).
 */
export type DockArea = 'live' | 'toast' | 'status';
const AREAS: readonly DockArea[] = ['live', 'toast', 'status'];

/**
 * The dock's content lives in one node made once and moved into whichever screen's slot is showing.
 * What is rendered into it (the live banners' state, their event subscriptions) stays mounted from
 * screen to screen; with no slot on screen it is kept off the page and shows again with the next one.
 */
let dock: { root: HTMLElement; areas: Record<DockArea, HTMLElement> } | null = null;
function dockNode() {
  if (!dock) {
    const root = document.createElement('div');
    root.dataset.testid = 'notice-dock';
    root.className = 'flex flex-col';
    const areas = {} as Record<DockArea, HTMLElement>;
    for (const area of AREAS) {
      const node = document.createElement('div');
      node.dataset.dock = area;
      // Room only around what shows: an empty area (or an empty live region in it) takes none.
      node.className = 'flex flex-col items-stretch [&>*:not(:empty)]:mt-2';
      root.append(node);
      areas[area] = node;
    }
    dock = { root, areas };
  }
  return dock;
}

/** The slots on screen, newest last: the dock shows in the newest. */
const useSlots = create<{ slots: HTMLElement[] }>(() => ({ slots: [] }));

/** True while a screen shows the dock. */
export const useHasDock = () => useSlots((s) => s.slots.length > 0);

/** Where the dock shows on this screen (under the title bar). */
export function NoticeDock({ className }: { className?: string }) {
  const slot = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = slot.current;
    if (!el) return;
    const { root } = dockNode();
    el.append(root);
    useSlots.setState((s) => ({ slots: [...s.slots, el] }));
    return () => {
      const rest = useSlots.getState().slots.filter((s) => s !== el);
      useSlots.setState({ slots: rest });
      if (root.parentElement !== el) return;
      const previous = rest[rest.length - 1];
      if (previous) previous.append(root);
      else root.remove();
    };
  }, []);
  // Padding only while something shows: an empty dock takes no room.
  return <div ref={slot} className={cn('bg-slate-50 px-2 [&:has(>*>*>:not(:empty))]:pb-2', className)} />;
}

/** Renders `children` into the dock's `area`, wherever the dock is (and keeps them mounted when it is off screen). */
export function DockPortal({ area, children }: { area: DockArea; children: ReactNode }) {
  if (typeof document === 'undefined') return null;
  return createPortal(children, dockNode().areas[area]);
}

/** The title bar's height (min-h-14), which screens take for `--page-top` when it is not set. */
const TITLE_BAR_PX = 56;

function setRootStyle(root: HTMLElement, name: string, value: string): void {
  if (root.style.getPropertyValue(name) === value) return;
  if (value) root.style.setProperty(name, value);
  else root.style.removeProperty(name);
}

/**
 * The height of the sticky header block (title bar and dock), as `--page-top` on the document, so a
 * screen's own sticky row (the order tabs, a scanner) sticks under it rather than under the bar alone;
 * the dock's part as the document's scroll padding, so what is scrolled to is not left under the dock.
 */
export function usePageTop(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const bar = el.firstElementChild;
    let height = 0;
    let barHeight: number | null = null;
    // The sizes come from the observer, measured in the frame's own layout (its first call comes
    // before the first paint). Read here, they forced the page's first layout inside React's commit:
    // one more long task on a slow phone. A value written only when it changes: a custom property
    // on the document restyles every element.
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) {
        const size = entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height;
        if (entry.target === el) height = size;
        else barHeight = size;
      }
      // The title bar alone (the screens' own fallback, 3.5rem) and no dock: nothing to write, so the
      // page's first frame is laid out once, not again for a value it already had.
      setRootStyle(root, '--page-top', height === TITLE_BAR_PX ? '' : `${height}px`);
      // What scrolls into view (a refusal, the top of a result) clears the dock too; the title bar's
      // own height the screens already leave (scroll-mt-16).
      const dockHeight = Math.max(0, height - (barHeight ?? height));
      setRootStyle(root, 'scroll-padding-top', dockHeight ? `${dockHeight}px` : '');
    });
    observer.observe(el);
    if (bar) observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--page-top');
      root.style.removeProperty('scroll-padding-top');
    };
  }, [ref]);
}
