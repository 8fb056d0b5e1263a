import { act } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { EventData, EventType } from '@gerai/contract';
import type { StreamEvent } from '@/shared/events/event-stream';
import { createLiveApplier, LIVE_GATHER_MS } from '@/shared/events/live-apply';
import type { LiveDeclaration } from '@/shared/events/live-rule';

let nextId = 1;

/** One event as the stream hands it over; the store and time default to T001 and now. */
export function streamEvent<T extends EventType>(type: T, data: Omit<EventData<T>, 'storeCode' | 'at'> & Partial<Pick<EventData<T>, 'storeCode' | 'at'>>): StreamEvent<T> {
  return { type, id: String((nextId += 1)), data: { storeCode: 'T001', at: new Date().toISOString(), ...data } } as unknown as StreamEvent<T>;
}

/** Applies events to a cache by the given declarations, as the shell's subscriber does, without waiting for the burst to end. */
export function applyLive(queryClient: QueryClient, declarations: readonly LiveDeclaration[], ...events: StreamEvent[]): void {
  const applier = createLiveApplier(declarations, { queryClient });
  for (const event of events) applier.apply(event);
  applier.flush();
}

/**
 * Emits events to a rendered screen on a held clock, then lets the shell's burst window
 * (LIVE_GATHER_MS) pass: every read the events ask for has been asked when it returns, so a test
 * that proves "nothing was read" neither sleeps nor passes because the burst had not ended yet.
 */
export async function emitAndApply(emit: () => void): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    emit();
    await act(() => vi.advanceTimersByTimeAsync(LIVE_GATHER_MS));
  } finally {
    vi.useRealTimers();
  }
}
