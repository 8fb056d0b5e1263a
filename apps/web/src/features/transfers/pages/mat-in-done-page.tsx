import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-in-done: my store's transfers addressed to it, finished (Selesai). */
export default function MatInDonePage() {
  return <TransferListScreen side="in" status="done" />;
}
