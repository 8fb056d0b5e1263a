import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-in-new: my store's transfers addressed to it, waiting to be confirmed (Baru). */
export default function MatInNewPage() {
  return <TransferListScreen side="in" status="new" />;
}
