import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract/roles';
import { StorePicker } from '@/features/catalog/components/store-picker';
import { useMe } from '@/features/members/api/get-me';
import { useSelectStore } from '@/features/members/api/select-store';
import type { StorePickerProps } from '@/features/monitoring/components/store-filter';
import MonitoringPage from '@/features/monitoring/pages/monitoring-page';
import { isApiError } from '@/shared/api/api-error';
import { t } from '@/shared/i18n/id';
import { monitoringText } from '@/shared/i18n/monitoring';
import { clearFilters } from '@/shared/stores/filter-store';
import { resetScan } from '@/shared/stores/scan-store';
import { showToast } from '@/shared/toast/toast-store';

/** The catalog's searchable list of the caller's stores, as monitoring's store filter. */
function MonitoringStorePicker({ selected, onPick }: StorePickerProps) {
  return <StorePicker activeStoreCode={selected} pendingStoreCode={null} onPick={onPick} />;
}

/**
 * /monitoring — a cross-area screen: the member (members area) says whether the caller sees several
 * stores (area supervisor and above) and which store they work in, the catalog area lists the stores
 * for the filter, and a tile of another store opens its list once that store is the active one (the
 * lists are the active store's; members area's store choice, as the super-user modal makes it).
 */
export default function MonitoringRoute() {
  const member = useMe().data;
  const navigate = useNavigate();
  const [opening, setOpening] = useState<string | null>(null);
  const select = useSelectStore({
    onSuccess: (me) => {
      clearFilters();
      resetScan();
      showToast(t(monitoringText.tile.switched, { store: me.store ? `${me.store.storeCode} ${me.storeName ?? me.store.storeName}` : '' }), 'success');
    },
  });
  const roleId = (member?.roleID ?? ROLE.STAFF) as RoleId;
  const multiStore = member ? hasRoleAtLeast(roleId, ROLE.AREA_SUPERVISOR) : false;
  const openInStore = (storeCode: string, to: string) => {
    setOpening(storeCode);
    select.mutate(
      { storeCode },
      {
        onSuccess: () => navigate(to),
        onError: (error) => showToast(isApiError(error) ? error.message : monitoringText.tile.switchFailed, 'error'),
        onSettled: () => setOpening(null),
      },
    );
  };
  return (
    <MonitoringPage
      multiStore={multiStore}
      storePicker={MonitoringStorePicker}
      roleId={roleId}
      activeStoreCode={member?.store?.storeCode ?? null}
      openInStore={openInStore}
      opening={opening}
    />
  );
}
