import { ERROR_MESSAGES } from '@gerai/contract/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PushKind } from '@gerai/contract/push';
import type { PushDevice } from '@gerai/contract/schemas/push';
import { fail, mockFetch, ok } from '@/test/fetch-mock';
import { ToastHost } from '@/shared/toast/toast-host';
import { renderWithQuery } from '@/test/render';
import { pushConfig, stubBrowserPush, unstubBrowserPush } from '../push-test-kit';
import { NotificationSection } from './notification-section';

afterEach(() => {
  unstubBrowserPush();
  delete window.GeraiNative;
});

const deviceOf = (deviceId: string, muted: PushKind[] = []): PushDevice => ({ deviceId, transport: 'webpush', muted, createdAt: '2026-11-27T00:00:00Z', lastSeenAt: '2026-11-27T00:00:00Z' });

/** The server with this person's push config; a PUT adds (or refreshes) the device in it. */
function pushServer(config = pushConfig()) {
  let current = config;
  const server = mockFetch()
    .on('GET', '/api/push/config', () => ok(current))
    .on('PUT', /^\/api\/push\/devices\//, (call) => {
      const device = deviceOf(decodeURIComponent(call.path.split('/').pop()!));
      current = { ...current, devices: [device, ...current.devices.filter((d) => d.deviceId !== device.deviceId)] };
      return ok(device);
    })
    .on('PATCH', /^\/api\/push\/devices\//, (call) => {
      const device = deviceOf(decodeURIComponent(call.path.split('/').pop()!), (call.body as { muted: PushKind[] }).muted);
      current = { ...current, devices: [device] };
      return ok(device);
    });
  return server;
}

/** The section with the toasts it shows. */
function Section() {
  return (
    <>
      <NotificationSection />
      <ToastHost />
    </>
  );
}

describe('/akun, Notifikasi', () => {
  it('offers to allow notifications, asks only on the tap, then shows the kinds with the new-order alert locked on', async () => {
    const browser = stubBrowserPush({ permission: 'default', answer: 'granted' });
    pushServer();
    renderWithQuery(<NotificationSection />);
    const section = await screen.findByTestId('push-state-not-asked');
    expect(section).toHaveTextContent('Notifikasi belum diizinkan di ponsel ini');
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(within(section).getByRole('button', { name: 'Izinkan notifikasi' }));
    expect(await screen.findByTestId('push-state-on')).toHaveTextContent('Notifikasi aktif di ponsel ini');
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const newOrders = await screen.findByRole('switch', { name: /Pesanan baru/ });
    expect(newOrders).toBeChecked();
    expect(newOrders).toBeDisabled();
    expect(screen.getByText('Selalu aktif: kru toko yang bertugas harus mendengar pesanan baru.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Chat pelanggan' })).toBeEnabled();
    // Only the kinds this person gets.
    expect(screen.queryByRole('switch', { name: /eskalasi/ })).not.toBeInTheDocument();
  });

  it('switches a kind off for this device (PATCH with the whole list) and on again', async () => {
    stubBrowserPush({ permission: 'granted' });
    const server = pushServer();
    renderWithQuery(<Section />);
    const chat = await screen.findByRole('switch', { name: 'Chat pelanggan' });
    await userEvent.click(chat);
    await waitFor(() => expect(chat).not.toBeChecked());
    const patches = server.calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => c.body)).toEqual([{ muted: ['chat.message'] }]);
    expect(await screen.findByText('Pengaturan notifikasi disimpan')).toBeInTheDocument();
    await waitFor(() => expect(chat).toBeEnabled());
    await userEvent.click(chat);
    await waitFor(() => expect(chat).toBeChecked());
    expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ muted: ['chat.message'] }, { muted: [] }]);
  });

  it('keeps the switch where the server has it when the change is refused, and says why', async () => {
    stubBrowserPush({ permission: 'granted' });
    pushServer().on('PATCH', /^\/api\/push\/devices\//, fail(422, 'PUSH_KIND_NOT_MUTABLE', 'server words'));
    renderWithQuery(<Section />);
    const chat = await screen.findByRole('switch', { name: 'Chat pelanggan' });
    await userEvent.click(chat);
    // The contract's sentence for the code (PUSH_REFUSALS), not the reply's text.
    expect(await screen.findByText(ERROR_MESSAGES.PUSH_KIND_NOT_MUTABLE)).toBeInTheDocument();
    await waitFor(() => expect(chat).toBeChecked());
  });

  it('gives the steps to allow them again when they are blocked', async () => {
    stubBrowserPush({ permission: 'denied' });
    pushServer();
    renderWithQuery(<NotificationSection />);
    const denied = await screen.findByTestId('push-state-denied');
    expect(denied).toHaveTextContent('diblokir');
    expect(within(denied).getAllByRole('listitem')).toHaveLength(4);
    expect(within(denied).getByRole('button', { name: 'Periksa lagi' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says when this browser cannot get notifications at all', async () => {
    pushServer();
    renderWithQuery(<NotificationSection />);
    expect(await screen.findByTestId('push-state-unsupported')).toHaveTextContent('Browser ini tidak bisa menerima notifikasi');
  });

  it('tells an iPhone to add Gerai to the home screen first', async () => {
    const ua = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'userAgent')!;
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1' });
    try {
      pushServer();
      renderWithQuery(<NotificationSection />);
      const ios = await screen.findByTestId('push-state-ios');
      expect(ios).toHaveTextContent('Di iPhone, notifikasi hanya bisa untuk Gerai yang dipasang di layar utama');
      expect(within(ios).getByText('Pilih "Tambah ke Layar Utama".')).toBeInTheDocument();
    } finally {
      Object.defineProperty(navigator, 'userAgent', ua);
      delete (navigator as { userAgent?: string }).userAgent;
    }
  });

  it('with the native host: its token, and its own settings when it has none', async () => {
    window.GeraiNative = { getPushToken: () => null };
    pushServer(pushConfig({ fcm: true }));
    renderWithQuery(<NotificationSection />);
    expect(await screen.findByTestId('push-state-native-off')).toHaveTextContent('Setelan ponsel › Aplikasi › Gerai › Notifikasi');

    window.GeraiNative = { getPushToken: () => 'fcm-token-0123456789:abcdef' };
    await userEvent.click(screen.getByRole('button', { name: 'Periksa lagi' }));
    expect(await screen.findByTestId('push-state-on')).toHaveTextContent('Notifikasi aktif lewat aplikasi Gerai');
  });

  it('shows the load failure with a retry', async () => {
    const server = mockFetch().on('GET', '/api/push/config', fail(503, 'SERVICE_UNAVAILABLE', 'Server sedang sibuk'));
    renderWithQuery(<NotificationSection />);
    expect(await screen.findByText('Server sedang sibuk')).toBeInTheDocument();
    server.on('GET', '/api/push/config', ok(pushConfig()));
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByTestId('push-state-unsupported')).toBeInTheDocument();
  });
});
