import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE, type RoleId } from '@gerai/contract';
import { signal } from '@/shared/feedback/feedback';
import { emitEvent } from '@/test/fake-event-source';
import { renderOnList, resetLiveBannerTests } from '@/test/live-banner';
import EscalationAlert, { ESCALATION_BANNER_MS, ESCALATION_RING_GAP_MS, escalationRingsHere } from './escalation-alert';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

function setup(roleId: RoleId, storeCode: string | null = 'T001') {
  return renderOnList(<EscalationAlert roleId={roleId} storeCode={storeCode} />);
}

const escalated = (level: 1 | 2 | 3, over: { storeCode?: string; shipmentNo?: string; ageMinutes?: number } = {}) => ({
  shipmentNo: 'SHP2603020000001',
  orderNo: 'AGF1',
  appId: 379,
  deliveryType: 1,
  statusId: 1101,
  level,
  ageMinutes: 15,
  storeCode: 'T001',
  ...over,
});

resetLiveBannerTests();

describe('escalationRingsHere', () => {
  it.each([
    // level, role, active store, rings
    [1, ROLE.STAFF, 'T001', true],
    [1, ROLE.STORE_CHIEF, 'T001', true],
    [1, ROLE.STAFF, 'T002', false],
    [1, ROLE.STAFF, null, false],
    [1, ROLE.AREA_SUPERVISOR, 'T001', false],
    [2, ROLE.STAFF, 'T001', false],
    [2, ROLE.STORE_CHIEF, 'T001', true],
    [2, ROLE.AREA_SUPERVISOR, null, false],
    [3, ROLE.STORE_CHIEF, 'T001', false],
    [3, ROLE.AREA_SUPERVISOR, null, true],
    [3, ROLE.HELPDESK, null, false],
    [3, ROLE.SUPER_USER, 'T001', false],
  ] as const)('level %s, role %s, active store %s → %s', (level, roleId, store, rings) => {
    expect(escalationRingsHere({ level, storeCode: 'T001' }, roleId, store)).toBe(rings);
  });
});

describe('escalation alert', () => {
  it('the kepala toko: level 2 rings with its own alarm and shows a banner that opens the order', async () => {
    setup(ROLE.STORE_CHIEF);
    emitEvent('order.escalated', escalated(2));
    const banner = screen.getByTestId('escalation-banner');
    expect(banner).toHaveTextContent('Pesanan belum diambil · 15 mnt');
    expect(banner).toHaveTextContent('SHP2603020000001 · T001');
    expect(signal).toHaveBeenCalledWith('escalation');

    await userEvent.click(screen.getByRole('button', { name: /Pesanan belum diambil/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/order/detail/1101/SHP2603020000001/delivery');
    expect(screen.queryByTestId('escalation-banner')).not.toBeInTheDocument();
  });

  it('the crew: level 1 of its own store rings; level 1 of another store, levels 2 and 3 do not', () => {
    setup(ROLE.STAFF, 'T001');
    emitEvent('order.escalated', escalated(1, { storeCode: 'T002' }));
    emitEvent('order.escalated', escalated(2));
    emitEvent('order.escalated', escalated(3));
    expect(screen.queryByTestId('escalation-banner')).not.toBeInTheDocument();
    expect(signal).not.toHaveBeenCalled();
    emitEvent('order.escalated', escalated(1, { ageMinutes: 10 }));
    expect(screen.getByTestId('escalation-banner')).toHaveTextContent('Pesanan belum diambil · 10 mnt');
    expect(signal).toHaveBeenCalledTimes(1);
  });

  it('the area supervisor: only level 3, for any of its stores; the newest replaces the older, a burst rings once', () => {
    setup(ROLE.AREA_SUPERVISOR, null);
    emitEvent('order.escalated', escalated(1));
    emitEvent('order.escalated', escalated(2));
    expect(screen.queryByTestId('escalation-banner')).not.toBeInTheDocument();
    emitEvent('order.escalated', escalated(3, { storeCode: 'T004', ageMinutes: 20 }));
    emitEvent('order.escalated', escalated(3, { storeCode: 'T007', shipmentNo: 'SHP2603020000009', ageMinutes: 21 }));
    const banner = screen.getByTestId('escalation-banner');
    expect(banner).toHaveTextContent('SHP2603020000009 · T007');
    expect(banner).toHaveTextContent('21 mnt');
    expect(signal).toHaveBeenCalledTimes(1);
  });

  it('rings again once the gap has passed', () => {
    vi.useFakeTimers();
    setup(ROLE.STORE_CHIEF);
    emitEvent('order.escalated', escalated(2));
    act(() => vi.advanceTimersByTime(ESCALATION_RING_GAP_MS - 100));
    emitEvent('order.escalated', escalated(2, { shipmentNo: 'SHP2603020000002' }));
    expect(signal).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(200));
    emitEvent('order.escalated', escalated(2, { shipmentNo: 'SHP2603020000003' }));
    expect(signal).toHaveBeenCalledTimes(2);
  });

  it('closes with its button, and goes away by itself', async () => {
    setup(ROLE.STORE_CHIEF);
    emitEvent('order.escalated', escalated(2));
    await userEvent.click(screen.getByRole('button', { name: 'Tutup peringatan eskalasi' }));
    expect(screen.queryByTestId('escalation-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/order');

    vi.useFakeTimers();
    emitEvent('order.escalated', escalated(2));
    expect(screen.getByTestId('escalation-banner')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ESCALATION_BANNER_MS + 10));
    expect(screen.queryByTestId('escalation-banner')).not.toBeInTheDocument();
  });
});
