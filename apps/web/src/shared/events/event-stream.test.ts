import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { EVENT_CURSOR_HEADER } from '@gerai/contract/event-types';
import { api, resetClientStateForTests } from '../api/client';
import { mockFetch, ok, fail } from '@/test/fetch-mock';
import { FakeEventSource, FakeEventSourceImpl, emitEvent, installFakeEventSource } from '@/test/fake-event-source';
import { forgetEventResumePoint, startEventStream, useEvents, useStreamStatus, type StreamEvent } from './event-stream';

const Impl = FakeEventSourceImpl;

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

  it('a new page resumes from the last event the previous one was sent, when recent; never after sign-out', () => {
    vi.useFakeTimers();
    const stop = startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.open();
    FakeEventSource.instances[0]!.emit('order.created', '61', { shipmentNo: 'SHP1' });
    stop();
    // A reload: the next stream asks for what came after 61, so an order arriving meanwhile is not lost.
    startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl })();
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?lastEventId=61');
    // Long after (the phone in a pocket): the screens read everything again; no hour of events replayed.
    vi.advanceTimersByTime(61_000);
    startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl })();
    expect(FakeEventSource.instances[2]!.url).toBe('/api/events');
    window.dispatchEvent(new Event('pagehide'));
    forgetEventResumePoint();
    startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl })();
    expect(FakeEventSource.instances[3]!.url).toBe('/api/events');
  });

  it("a first stream with no resume point starts from the lowest event cursor of the page's reads, so what came between them is sent", async () => {
    forgetEventResumePoint();
    mockFetch()
      .on('GET', '/api/orders/count', { ...ok({}), headers: { [EVENT_CURSOR_HEADER]: '90' } })
      .on('GET', '/api/members/me', { ...ok({}), headers: { [EVENT_CURSOR_HEADER]: '95' } });
    await api.get('/orders/count');
    await api.get('/members/me');
    // An order arrived as event 91 after the list was read: the stream asks for it.
    startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl })();
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?lastEventId=90');
    forgetEventResumePoint();
    // Taken once: a later stream has its own resume point, or none.
    startEventStream({ types: ['order.created'], onEvent: () => {}, EventSourceImpl: Impl })();
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events');
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

  it('keeps an event nobody listened for yet for the first subscriber of its type (a listener still loading when it came)', async () => {
    const early: string[] = [];
    const late: string[] = [];
    const stopEarly = startEventStream({ types: ['transfer.sent'], onEvent: (e) => early.push(e.id), EventSourceImpl: Impl });
    const es = FakeEventSource.instances[0]!;
    es.open();
    // A new order before the new-order listener is there: kept, not lost.
    es.emit('order.created', '7', { shipmentNo: 'SHP7', storeCode: 'T001' });
    es.emit('transfer.sent', '8', { matNo: 'MAT1' });
    const stopLate = startEventStream({ types: ['order.created'], onEvent: (e) => late.push(e.id), EventSourceImpl: Impl });
    await Promise.resolve();
    expect(late).toEqual(['7']);
    expect(early).toEqual(['8']);
    // Handed over once: a second subscriber of the type does not get it again.
    const again: string[] = [];
    const stopAgain = startEventStream({ types: ['order.created'], onEvent: (e) => again.push(e.id), EventSourceImpl: Impl });
    await Promise.resolve();
    expect(again).toEqual([]);
    stopEarly();
    stopLate();
    stopAgain();
  });

  it("hands the shell's cache subscriber (replayRecent) the recent events a screen's own listener already heard, leaving the unheard ones to theirs", async () => {
    const screen: string[] = [];
    const cache: string[] = [];
    const banner: string[] = [];
    // A screen's listener opened the stream before the shell's subscriber loaded.
    const stopScreen = startEventStream({ types: ['booking.taken'], onEvent: (e) => screen.push(e.id), EventSourceImpl: Impl });
    const es = FakeEventSource.instances[0]!;
    es.open();
    es.emit('booking.taken', '21', { bookID: 1 });
    es.emit('order.created', '22', { shipmentNo: 'SHP22' });
    const stopCache = startEventStream({ types: ['booking.taken', 'order.created'], onEvent: (e) => cache.push(e.id), replayRecent: true, EventSourceImpl: Impl });
    await Promise.resolve();
    expect(screen).toEqual(['21']);
    expect(cache).toEqual(['21', '22']);
    // The new-order banner still gets the order nobody heard.
    const stopBanner = startEventStream({ types: ['order.created'], onEvent: (e) => banner.push(e.id), EventSourceImpl: Impl });
    await Promise.resolve();
    expect(banner).toEqual(['22']);
    stopScreen();
    stopCache();
    stopBanner();
  });

  it("keeps an event the shell's cache subscriber heard for a screen's listener still loading (a banner)", async () => {
    forgetEventResumePoint();
    const stopCache = startEventStream({ types: ['order.created'], onEvent: () => {}, replayRecent: true, EventSourceImpl: Impl });
    const es = FakeEventSource.instances[0]!;
    es.open();
    es.emit('order.created', '31', { shipmentNo: 'SHP31' });
    const heard: StreamEvent[] = [];
    const stopBanner = startEventStream({ types: ['order.created'], onEvent: (e) => heard.push(e), EventSourceImpl: Impl });
    await Promise.resolve();
    stopBanner();
    stopCache();
    expect(heard.map((e) => e.id)).toEqual(['31']);
  });

  it('stops for good when the session is over', async () => {
    vi.useFakeTimers();
    mockFetch().on('POST', '/api/auth/refresh', fail(401, 'UNAUTHENTICATED', 'Sesi Anda telah berakhir.'));
    const stop = startEventStream({ types: [], onEvent: () => {}, EventSourceImpl: Impl });
    FakeEventSource.instances[0]!.fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(useStreamStatus.getState().status).toBe('idle');
    stop();
  });
  it('resumes from the id of `ready` (the newest event when the stream opened), without handing `ready` to anyone', async () => {
    vi.useFakeTimers();
    mockFetch().on('POST', '/api/auth/refresh', ok({ token: 't', tokenExp: 2_000_000_000, refreshToken: 'r', refreshTokenExp: 2_000_100_000 }));
    const events: StreamEvent[] = [];
    const stop = startEventStream({ types: ['order.created'], onEvent: (e) => events.push(e), EventSourceImpl: Impl });
    const first = FakeEventSource.instances[0]!;
    first.open();
    first.emit('ready', '80', {});
    expect(events).toEqual([]);
    first.fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?lastEventId=80');
    stop();
  });

  it('useEvents hands each subscribed type its typed payload while mounted', () => {
    installFakeEventSource();
    const seen: string[] = [];
    const { unmount } = renderHook(() =>
      useEvents(['order.scanned', 'pod.rejected'], (e) => {
        // The type narrows the payload: no guessing at fields.
        if (e.type === 'order.scanned') seen.push(`${e.data.shipmentNo} line ${e.data.lineId}: ${e.data.qtyPicked}/${e.data.qty}`);
        else seen.push(`${e.data.shipmentNo} ditolak: ${e.data.rejectReason.display}`);
      }),
    );
    emitEvent('order.scanned', { shipmentNo: 'SHP1', statusId: 1102, action: 'scan', actorName: 'Budi', lineId: 11, productID: 'P1', qtyPicked: 2, qty: 3 });
    emitEvent('order.claimed', { shipmentNo: 'SHP1', orderNo: 'A-1', fromStatus: 1101, statusId: 1102, action: 'claim', actorName: 'Budi', pickerName: 'Budi' });
    emitEvent('pod.rejected', {
      shipmentNo: 'SHP2',
      orderNo: 'A-2',
      requestId: 5,
      deciderName: 'Agus',
      requestedBy: 3,
      rejectReason: { id: 2, label: 'Nama penerima tidak sesuai', text: null, display: 'Nama penerima tidak sesuai' },
    });
    expect(seen).toEqual(['SHP1 line 11: 2/3', 'SHP2 ditolak: Nama penerima tidak sesuai']);
    unmount();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
  });
});
