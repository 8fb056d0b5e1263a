import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, setUpAppTests, signedInServer } from '@/app/app-test-kit';
import { ok } from '@/test/fetch-mock';
import { pushConfig, stubBrowserPush, unstubBrowserPush } from '@/features/push/push-test-kit';
import { storedPushDeviceId } from '@/features/push/utils/device-id';

// The app's own push flow: a signed-in start subscribes this device when the permission is granted
// (asking nothing), and signing out names the device to the server and drops the subscription.

setUpAppTests();
afterEach(() => unstubBrowserPush());

const device = { deviceId: 'x', transport: 'webpush', muted: [], createdAt: '2026-11-27T00:00:00Z', lastSeenAt: '2026-11-27T00:00:00Z' };

describe('push in the signed-in app', () => {
  it('subscribes at a signed-in start when notifications are allowed, and signing out removes the device and the subscription', async () => {
    const browser = stubBrowserPush({ permission: 'granted' });
    const server = signedInServer()
      .on('GET', '/api/push/config', ok(pushConfig()))
      .on('PUT', /^\/api\/push\/devices\//, ok(device))
      .on('POST', '/api/auth/logout', ok(null));
    const { router } = renderApp('/');
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT' && c.path.startsWith('/api/push/devices/'))).toBe(true));
    const deviceId = storedPushDeviceId();
    expect(deviceId).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    const subscription = browser.current!;

    await router.navigate('/akun');
    await userEvent.click(await screen.findByRole('button', { name: 'Keluar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.callsTo('/api/auth/logout', 'POST')[0]!.body).toEqual({ pushDeviceId: deviceId });
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    // The id stays with the install: the next sign-in is the same device.
    expect(storedPushDeviceId()).toBe(deviceId);
  });

  it('asks nothing and sends nothing at start while notifications are not allowed', async () => {
    const browser = stubBrowserPush({ permission: 'default' });
    const server = signedInServer().on('GET', '/api/push/config', ok(pushConfig()));
    renderApp('/');
    await waitFor(() => expect(server.callsTo('/api/members/me')).not.toHaveLength(0));
    // Past the idle task that starts push (the first test shows it runs by then).
    await new Promise((r) => setTimeout(r, 500));
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(server.calls.filter((c) => c.path.startsWith('/api/push/'))).toEqual([]);
  });
});
