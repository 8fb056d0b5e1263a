import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-out-proces: my store's transfers sent by it, being counted (Proses). */
export default function MatOutProcesPage() {
  return <TransferListScreen side="out" status="proces" />;
}
