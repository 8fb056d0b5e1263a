import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-out-new: my store's transfers sent by it, waiting to be confirmed (Baru). */
export default function MatOutNewPage() {
  return <TransferListScreen side="out" status="new" />;
}
