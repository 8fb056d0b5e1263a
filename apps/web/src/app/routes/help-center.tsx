import type { RoleId } from '@gerai/contract/roles';
import { ticketSide } from '@gerai/contract/ticket-flow';
import { useParams } from 'react-router';
import { useMe } from '@/features/members/api/get-me';
import HelpCenterPage from '@/features/helpdesk/pages/help-center-page';
import ReportedDetailPage from '@/features/helpdesk/pages/reported-detail-page';
import ReportedListPage from '@/features/helpdesk/pages/reported-list-page';
import { useSpecParams } from '../spec-path';

/** The member (members area) tells the helpdesk screens which side the caller is on and its store. */
function useCaller() {
  const member = useMe().data;
  return {
    side: member ? ticketSide(member.roleID as RoleId) : ('store' as const),
    storeCode: member?.store?.storeCode ?? null,
    staffName: member?.employeName ?? '',
  };
}

/** /help-center/:mode?/:shipmentNo?/:status?/:method?/:code? (one splat route, decision 61). */
export function HelpCenterRoute() {
  const { mode, shipmentNo } = useSpecParams();
  return <HelpCenterPage mode={mode} shipmentNo={shipmentNo} {...useCaller()} />;
}

/** /reported-list/:mode/:code (no optional segment: an ordinary route). */
export function ReportedListRoute() {
  const { mode = 'store', code = '' } = useParams();
  return <ReportedListPage mode={mode} code={code} />;
}

/** /reported-detail/:mode/:shipmentNo?/:status?/:method?/:code?/:previous?/:id */
export function ReportedDetailRoute() {
  const { mode = 'store', id = '' } = useSpecParams();
  return <ReportedDetailPage key={id} mode={mode} id={Number(id)} />;
}
