import { ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract/roles';
import { StorePicker } from '@/features/catalog/components/store-picker';
import { useMe } from '@/features/members/api/get-me';
import type { StorePickerProps } from '@/features/monitoring/components/store-filter';
import MonitoringPage from '@/features/monitoring/pages/monitoring-page';

/** The catalog's searchable list of the caller's stores, as monitoring's store filter. */
function MonitoringStorePicker({ selected, onPick }: StorePickerProps) {
  return <StorePicker activeStoreCode={selected} pendingStoreCode={null} onPick={onPick} />;
}

/**
 * /monitoring — a cross-area screen: the member (members area) says whether the caller sees several
 * stores (area supervisor and above), the catalog area lists them for the filter.
 */
export default function MonitoringRoute() {
  const member = useMe().data;
  const multiStore = member ? hasRoleAtLeast(member.roleID as RoleId, ROLE.AREA_SUPERVISOR) : false;
  return <MonitoringPage multiStore={multiStore} storePicker={MonitoringStorePicker} />;
}
