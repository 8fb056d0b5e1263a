/** What the monitoring page's test files share: its address, the page with a stand-in store picker, a new order, and a clean client per test. */
import { afterEach, beforeEach, vi } from 'vitest';
import { type RoleId } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { installFakeEventSource } from '@/test/fake-event-source';
import { renderPage } from '@/test/render';
import type { StorePickerProps } from '../components/store-filter';
import MonitoringPage from './monitoring-page';

export const API = '/api/monitoring';
export const query = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);

/** The catalog's picker stands in as two buttons (the app hands the real one in). */
export function FakePicker({ selected, onPick }: StorePickerProps) {
  return (
    <div data-testid="fake-picker" data-selected={selected ?? ''}>
      <button type="button" onClick={() => onPick({ storeCode: 'T003', storeName: 'Toko Bangka Indah' })}>
        T003
      </button>
    </div>
  );
}

export function renderMonitoring({ multiStore = false, at = '/monitoring', roleId = 2 as RoleId, activeStoreCode = 'T001' as string | null, openInStore = vi.fn() } = {}) {
  return renderPage(
    [{ path: '/monitoring', element: <MonitoringPage multiStore={multiStore} storePicker={FakePicker} roleId={roleId} activeStoreCode={activeStoreCode} openInStore={openInStore} /> }],
    at,
  );
}

export const created = { orderNo: 'AGF1', appId: 379, statusId: 1101, deliveryType: 0, price: 10_000 };


/** The hooks every one of these test files shares. */
export function setUpMonitoringPageTests() {
  beforeEach(() => {
    resetClientStateForTests();
    installFakeEventSource();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
