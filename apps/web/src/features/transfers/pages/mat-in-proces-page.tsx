import { TransferListScreen } from '../components/transfer-list-screen';

/** /mat-in-proces: my store's transfers addressed to it, being counted (Proses). */
export default function MatInProcesPage() {
  return <TransferListScreen side="in" status="proces" />;
}
