import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-out-cancel: my store's transfers sent by it, cancelled (Batal). */
export default function MatOutCancelPage() {
  return <TransferListScreen side="out" status="cancel" />;
}
