/**
 * Runs `fn` in a task of its own once the main thread is free (at most `timeout` ms later), or soon
 * where idle callbacks are missing (old webviews, jsdom). Returns its cancel. For work a screen can
 * do after it has shown itself (the rest of a list, a chart), so it is never part of a long task.
 */
export function whenIdle(fn: () => void, timeout = 300): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 16);
  return () => clearTimeout(timer);
}
