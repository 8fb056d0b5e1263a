import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signal } from '@/shared/feedback/feedback';
import { emitEvent } from '@/test/fake-event-source';
import { NoticeDock } from '@/shared/ui/notice-dock';
import { renderOnList, resetLiveBannerTests } from '@/test/live-banner';
import { OrderLiveUpdates } from './order-live-updates';

vi.mock('@/shared/feedback/feedback', () => ({ signal: vi.fn(), installAudioUnlock: () => () => {}, playTone: vi.fn(), vibrate: vi.fn() }));

function setup() {
  return renderOnList(
    <>
      {/* The screen's place for banners (its header holds it in the app). */}
      <NoticeDock />
      <OrderLiveUpdates storeCode="T001" />
    </>,
  );
}

resetLiveBannerTests();

const created = { orderNo: 'AMD251122000001', appId: 91, statusId: 1101, deliveryType: 1, price: 31_900 };

describe('the new-order banner', () => {
  it('a new order for the active store rings and shows a banner that opens it', async () => {
    setup();
    emitEvent('order.created', { ...created, shipmentNo: 'SHP2511220009999', storeCode: 'T001' });
    const banner = screen.getByTestId('new-order-banner');
    expect(banner).toHaveTextContent('Pesanan baru masuk');
    expect(banner).toHaveTextContent('SHP2511220009999 · Alfamind');
    expect(signal).toHaveBeenCalledWith('new-order');

    await userEvent.click(screen.getByRole('button', { name: /Pesanan baru masuk/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/order/detail/1101/SHP2511220009999/delivery');
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
  });

  it('ignores orders of another store (a supervisor sees several)', () => {
    setup();
    emitEvent('order.created', { ...created, shipmentNo: 'SHPX', storeCode: 'T002' });
    expect(screen.queryByTestId('new-order-banner')).not.toBeInTheDocument();
    expect(signal).not.toHaveBeenCalled();
  });
});
