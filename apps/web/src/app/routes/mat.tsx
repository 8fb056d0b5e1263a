import { ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract/roles';
import { useMe } from '@/features/members/api/get-me';
import MatEntryPage from '@/features/transfers/pages/mat-entry-page';

/** /mat — the MAT entry, with the locked transfers and the differences for kepala toko and above (the member from the members area). */
export default function MatRoute() {
  const member = useMe().data;
  return <MatEntryPage canWatch={member !== undefined && hasRoleAtLeast(member.roleID as RoleId, ROLE.STORE_CHIEF)} hasStore={member === undefined || member.store !== null} />;
}
