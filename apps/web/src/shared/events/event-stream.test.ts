import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientStateForTests } from '../api/client';
import { mockFetch, ok, fail } from '@/test/fetch-mock';
import { startEventStream, useStreamStatus, type StreamEvent } from './event-stream';

/** A stand-in for EventSource that the test drives. */
class FakeEventSource {
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
  emit(type: string, id: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

const Impl = FakeEventSource as unknown as typeof EventSource;

beforeEach(() => {
  FakeEventSource.instances = [];
  resetClientStateForTests();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('event stream (GET /api/events)', () => {
  it('delivers named events with their data and reports the connection state', () => {
    const events: StreamEvent[] = [];
    const stop = startEventStream({ types: ['order.created'], onEvent: (e) => events.push(e), EventSourceImpl: Impl });
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/events');
    expect(useStreamStatus.getState().status).toBe('connecting');
    es.open();
    expect(useStreamStatus.getState().status).toBe('open');
    es.emit('order.created', '41', { shipmentNo: 'SHP1', storeCode: 'T001' });
    expect(events).toEqual([{ type: 'order.created', id: '41', data: { shipmentNo: 'SHP1', storeCode: 'T001' } }]);
    // A dropped connection: the browser retries by itself (with Last-Event-ID).
    es.fail(FakeEventSource.CONNECTING);
    expect(useStreamStatus.getState().status).toBe('reconnecting');
    expect(FakeEventSource.instances).toHaveLength(1);
    stop();
    expect(es.closed).toBe(true);
    expect(useStreamStatus.getState().status).toBe('idle');
  });

  it('after a refused connection (expired cookie) refreshes the session and reopens from the last event', async () => {
    vi.useFakeTimers();
    const server = mockFetch().on('POST', '/api/auth/refresh', ok({ token: 't', tokenExp: 2_000_000_000, refreshToken: 'r', refreshTokenExp: 2_000_100_000 }));
    const stop = startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl });
    const first = FakeEventSource.instances[0]!;
    first.open();
    first.emit('order.created', '57', { shipmentNo: 'SHP1' });
    first.fail(FakeEventSource.CLOSED);
    expect(useStreamStatus.getState().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1);
    const second = FakeEventSource.instances[1]!;
    expect(second.url).toBe('/api/events?lastEventId=57');
    second.open();
    expect(useStreamStatus.getState().status).toBe('open');
    stop();
  });

  it('shares one EventSource between subscribers, each hearing its own event types', () => {
    const orders: string[] = [];
    const pod: string[] = [];
    const stopOrders = startEventStream({ types: ['order.completed'], onEvent: (e) => orders.push(e.type), EventSourceImpl: Impl });
    const stopPod = startEventStream({ types: ['pod.requested', 'order.completed'], onEvent: (e) => pod.push(e.type), EventSourceImpl: Impl });
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    es.open();
    es.emit('pod.requested', '1', { shipmentNo: 'SHP1' });
    es.emit('order.completed', '2', { shipmentNo: 'SHP1' });
    expect(orders).toEqual(['order.completed']);
    expect(pod).toEqual(['pod.requested', 'order.completed']);
    // The connection stays while anyone listens; the last one closes it.
    stopOrders();
    expect(es.closed).toBe(false);
    es.emit('order.completed', '3', { shipmentNo: 'SHP2' });
    expect(orders).toHaveLength(1);
    stopPod();
    expect(es.closed).toBe(true);
    expect(useStreamStatus.getState().status).toBe('idle');
  });

  it('stops for good when the session is over', async () => {
    vi.useFakeTimers();
    mockFetch().on('POST', '/api/auth/refresh', fail(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir.'));
    startEventStream({ types: [], onEvent: () => {}, EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(useStreamStatus.getState().status).toBe('idle');
  });
});
