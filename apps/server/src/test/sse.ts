/**
 * The SSE frames of a `GET /api/events` stream (those naming an event), read until `until` matches them
 * or `timeoutMs` passes; `onOpen` runs once, when the stream's first bytes arrive; `onResponse` sees the
 * reply's head first. What arrived by then is the answer.
 */
export async function readEventFrames(
  base: string,
  headers: Record<string, string>,
  until: (frames: string[]) => boolean,
  { onOpen, onResponse, timeoutMs = 8000 }: { onOpen?: () => Promise<void>; onResponse?: (res: Response) => void; timeoutMs?: number } = {},
): Promise<string[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const frames: string[] = [];
  try {
    const res = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
    onResponse?.(res);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let opened = false;
    while (!until(frames)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const parts = buffer.split('\n\n');
      buffer = parts.pop() ?? '';
      frames.push(...parts.filter((p) => p.includes('event:')));
      if (!opened && onOpen) {
        opened = true;
        await onOpen();
      }
    }
  } catch (err) {
    // Aborted (time out, or done): what arrived is the answer. Anything else is the test's failure.
    if (!controller.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return frames;
}
