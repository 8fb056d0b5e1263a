import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-out-done: my store's transfers sent by it, finished (Selesai). */
export default function MatOutDonePage() {
  return <TransferListScreen side="out" status="done" />;
}
