import { paths } from '@/shared/config/paths';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { PageHeader } from '@/shared/ui/page-header';
import { TicketListView } from '../components/ticket-list-view';
import { HELP_CENTER_MODE } from './help-center-page';

/** /reported-list/:mode/:code — the store's tickets (`store/<storeCode>`) or the helpdesk queue (`helpdesk/<storeCode|all>`). */
export default function ReportedListPage({ mode, code }: { mode: string; code: string }) {
  const queue = mode === HELP_CENTER_MODE.HELPDESK;
  const storeCode = code === 'all' ? '' : code;
  return (
    <>
      <PageHeader title={queue ? helpdeskText.list.queueTitle : helpdeskText.list.title} backTo={paths.helpCenter()} />
      <TicketListView mode={queue ? HELP_CENTER_MODE.HELPDESK : HELP_CENTER_MODE.STORE} storeCode={storeCode} queue={queue} />
    </>
  );
}
