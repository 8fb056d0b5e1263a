import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a restored position waits for a screen to grow tall enough (its data from the cache, images). */
const RESTORE_WAIT_MS = 1000;

/**
 * Where each screen was scrolled to, for the one scroll of the page (the window). A new screen (another
 * path, pushed or replaced) opens at its top; back and forward (POP) return to where the person was on
 * that entry. A change of the query alone (a filter, a search kept in the URL) is the same screen and
 * keeps its place. React Router's <ScrollRestoration> would also reset on every query change, which
 * would throw a list to its top while someone types a search.
 */
export function ScreenScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);
  const previousPath = useRef<string | null>(null);

  // The browser must not restore on its own: it would do so before the screen is drawn.
  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  // The latest position of the entry on screen, kept as it changes: by the time the next screen is
  // drawn, the old one is gone (and a shorter screen would have clamped the reading).
  useEffect(() => {
    const onScroll = () => positions.current.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const samePath = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    if (samePath) return;
    const saved = navigationType === 'POP' ? positions.current.get(location.key) : undefined;
    if (saved === undefined) {
      window.scrollTo(0, 0);
      return;
    }
    window.scrollTo(0, saved);
    if (Math.abs(window.scrollY - saved) < 2) return;
    // The screen is not yet as tall as it was (it is still drawing): try again for a moment, unless the
    // person scrolls first.
    let frame = 0;
    const started = performance.now();
    const stop = () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('touchstart', stop);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('keydown', stop);
    };
    const retry = () => {
      window.scrollTo(0, saved);
      if (Math.abs(window.scrollY - saved) < 2 || performance.now() - started > RESTORE_WAIT_MS) return stop();
      frame = requestAnimationFrame(retry);
    };
    window.addEventListener('touchstart', stop, { passive: true });
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('keydown', stop);
    frame = requestAnimationFrame(retry);
    return stop;
  }, [location.key, location.pathname, navigationType]);

  return null;
}
