import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { EventData, EventType } from '@gerai/contract';

/** A stand-in for EventSource that the test drives: the real event stream runs on it. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(e: MessageEvent) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  /** One SSE message; `data` is sent as the server writes it (JSON text). */
  emit(type: string, id: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

export const FakeEventSourceImpl = FakeEventSource as unknown as typeof EventSource;

/** Components open the session's stream on this fake (call in beforeEach; vi.unstubAllGlobals undoes it). */
export function installFakeEventSource(): void {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSourceImpl);
}

/** What a test writes for an event: the payload; the stream's storeCode and time default to T001 and now. */
export type TestEventData<T extends EventType> = Omit<EventData<T>, 'storeCode' | 'at'> & Partial<Pick<EventData<T>, 'storeCode' | 'at'>>;

let nextId = 100;

/** The server sends one event of the catalogue to every open stream. */
export function emitEvent<T extends EventType>(type: T, data: TestEventData<T>): void {
  const id = String((nextId += 1));
  act(() => {
    for (const es of FakeEventSource.instances) if (!es.closed) es.emit(type, id, { storeCode: 'T001', at: new Date().toISOString(), ...data });
  });
}
