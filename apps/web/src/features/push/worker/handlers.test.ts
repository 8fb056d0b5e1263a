import { describe, expect, it, vi } from 'vitest';
import { pushTag, type PushPayload, type PushTarget } from '@gerai/contract/push';
import { clickTarget, handleNotificationClick, handlePush, notificationOptions, parsePushPayload, type ClientsLike, type RegistrationLike, type ShownNotification, type WindowClientLike } from './handlers';
import { pushTargetPath } from './push-target';

const ORIGIN = 'https://gerai.example';

const payload = (over: Partial<PushPayload> = {}): PushPayload => ({
  v: 1,
  kind: 'order.new',
  tag: pushTag.orderNew('T001'),
  title: 'Pesanan baru',
  body: '2 pesanan baru menunggu di toko T001',
  open: { screen: 'orders' },
  withdraw: false,
  renotify: true,
  at: '2026-11-27T10:00:00.000Z',
  ...over,
});

/** A registration keeping its notifications by tag, as the system does. */
function registration() {
  const shown: Array<ShownNotification & { title: string; options: unknown }> = [];
  const reg: RegistrationLike = {
    showNotification: vi.fn(async (title, options) => {
      const existing = shown.findIndex((n) => n.tag === options.tag);
      const n = { title, tag: options.tag, data: options.data, options, close: () => void shown.splice(shown.indexOf(n), 1) };
      if (existing >= 0) shown.splice(existing, 1, n);
      else shown.push(n);
    }),
    getNotifications: vi.fn(async (filter) => shown.filter((n) => !filter?.tag || n.tag === filter.tag)),
  };
  return { reg, shown };
}

describe('the push handler', () => {
  it('shows an announcement with its tag, icon, badge and the screen it opens', async () => {
    const { reg, shown } = registration();
    await expect(handlePush(reg, JSON.stringify(payload()), ORIGIN)).resolves.toBe('shown');
    expect(shown).toHaveLength(1);
    expect(reg.showNotification).toHaveBeenCalledWith('Pesanan baru', {
      body: '2 pesanan baru menunggu di toko T001',
      tag: 'order.new:T001',
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      data: { url: `${ORIGIN}/order`, kind: 'order.new', tag: 'order.new:T001' },
      renotify: true,
      silent: false,
      requireInteraction: false,
      vibrate: [300, 150, 300],
      timestamp: Date.parse('2026-11-27T10:00:00.000Z'),
    });
  });

  it('replaces the notification of the same tag: ten new orders are one notification', async () => {
    const { reg, shown } = registration();
    await handlePush(reg, JSON.stringify(payload({ body: '1 pesanan baru menunggu di toko T001' })), ORIGIN);
    await handlePush(reg, JSON.stringify(payload()), ORIGIN);
    expect(shown.map((n) => n.title)).toEqual(['Pesanan baru']);
    expect((shown[0]!.options as { body: string }).body).toBe('2 pesanan baru menunggu di toko T001');
  });

  it('keeps an escalation on screen until someone acts, and an update quiet', () => {
    const escalation = notificationOptions(payload({ kind: 'order.escalated', tag: pushTag.escalation('SHP1') }), ORIGIN);
    expect(escalation).toMatchObject({ requireInteraction: true, renotify: true, silent: false });
    const update = notificationOptions(payload({ renotify: false }), ORIGIN);
    expect(update).toMatchObject({ requireInteraction: false, renotify: false, silent: true });
    expect(update.vibrate).toBeUndefined();
  });

  it('closes the notifications of a withdrawn tag and shows nothing in their place', async () => {
    const { reg, shown } = registration();
    await handlePush(reg, JSON.stringify(payload()), ORIGIN);
    await handlePush(reg, JSON.stringify(payload({ tag: pushTag.chat('SHP1'), kind: 'chat.message', title: 'Chat', body: 'Halo' })), ORIGIN);
    await expect(handlePush(reg, JSON.stringify(payload({ tag: pushTag.chat('SHP1'), kind: 'chat.message', withdraw: true, title: '', body: '' })), ORIGIN)).resolves.toBe('withdrawn');
    expect(shown.map((n) => n.tag)).toEqual(['order.new:T001']);
    expect(reg.showNotification).toHaveBeenCalledTimes(2);
  });

  it('ignores what is not a payload of the server (no notification made up)', async () => {
    const { reg } = registration();
    for (const raw of [null, 'not json', JSON.stringify({ v: 2 }), JSON.stringify({ ...payload(), kind: 'order.lost' }), JSON.stringify({ ...payload(), tag: '' })]) {
      await expect(handlePush(reg, raw, ORIGIN)).resolves.toBe('ignored');
    }
    expect(reg.showNotification).not.toHaveBeenCalled();
    expect(parsePushPayload(payload())).toEqual(payload());
  });
});

describe('the screen a notification opens', () => {
  const cases: Array<[PushTarget | null, string]> = [
    [{ screen: 'orders' }, '/order'],
    [{ screen: 'order', shipmentNo: 'SHP1', statusId: 1101, deliveryType: 0 }, '/order/detail/1101/SHP1/0'],
    [{ screen: 'chat', shipmentNo: 'SHP1', statusId: 1102, deliveryType: 1 }, '/order/detail/1102/SHP1/1?chat=1'],
    [{ screen: 'pod', shipmentNo: 'SHP1', deliveryType: 1, type: 'pod' }, '/pengajuan-pod/detail/SHP1/1/pod'],
    [{ screen: 'cancel', shipmentNo: 'SHP1' }, '/request-cancel?shipmentNo=SHP1'],
    [{ screen: 'booking' }, '/booking-list-store'],
    [{ screen: 'transfer', matNo: 'MAT/01' }, '/detail-mat-in/MAT%2F01'],
    [{ screen: 'ticket', ticketId: 7, shipmentNo: 'SHP1', side: 'store' }, '/reported-detail/store/7'],
    [{ screen: 'ticket', ticketId: 7, shipmentNo: 'SHP1', side: 'helpdesk' }, '/reported-detail/helpdesk/7'],
    [null, '/'],
  ];
  it.each(cases)('%j opens %s', (open, path) => {
    expect(pushTargetPath(open)).toBe(path);
  });

  it('opens only URLs of the app itself', () => {
    expect(clickTarget({ url: `${ORIGIN}/order` }, ORIGIN)).toBe(`${ORIGIN}/order`);
    expect(clickTarget({ url: 'https://evil.example/x' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(clickTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe('the tap', () => {
  const notification = () => ({ tag: 'order.new:T001', data: { url: `${ORIGIN}/order` }, close: vi.fn() });
  const windowClient = (url: string, focused = false, navigates = true): WindowClientLike => ({
    url,
    focused,
    focus: vi.fn(async () => undefined),
    navigate: vi.fn(async () => (navigates ? {} : null)),
  });
  const clientsOf = (windows: WindowClientLike[]): ClientsLike & { openWindow: ReturnType<typeof vi.fn> } => ({
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  });

  it('brings the focused window of the app to the screen', async () => {
    const other = windowClient(`${ORIGIN}/akun`);
    const focused = windowClient(`${ORIGIN}/`, true);
    const clients = clientsOf([windowClient('https://elsewhere.example/'), other, focused]);
    const n = notification();
    await expect(handleNotificationClick(clients, n, ORIGIN)).resolves.toBe('navigated');
    expect(n.close).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/order`);
    expect(focused.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('uses any open window of the app when none is focused', async () => {
    const open = windowClient(`${ORIGIN}/akun`);
    const clients = clientsOf([open]);
    await handleNotificationClick(clients, notification(), ORIGIN);
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/order`);
  });

  it('opens a window when the app has none, or the one it has cannot be navigated', async () => {
    const none = clientsOf([]);
    await expect(handleNotificationClick(none, notification(), ORIGIN)).resolves.toBe('opened');
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/order`);
    const uncontrolled = clientsOf([windowClient(`${ORIGIN}/`, true, false)]);
    await expect(handleNotificationClick(uncontrolled, notification(), ORIGIN)).resolves.toBe('opened');
    expect(uncontrolled.openWindow).toHaveBeenCalledWith(`${ORIGIN}/order`);
  });
});
