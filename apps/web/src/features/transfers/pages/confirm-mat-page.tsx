import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { PageHeader } from '@/shared/ui/page-header';
import { useTransferByTbsms } from '../api/get-transfer-by-tbsms';
import { TransferNotFound, TransferQueryState } from '../components/transfer-query-state';
import { ConfirmView } from '../components/confirm-view';
import { CountView } from '../components/count-view';

const text = transfersText.confirm;

type Mode = 'new' | 'proces';
const modeOf = (status: string | undefined): Mode | null => (status === 'new' || status === 'proces' ? status : null);

/**
 * `/confirm-mat/:status/:idTbsms` — receiving a transfer, found by the id its QR carries. `new`: the
 * PIN typed or the QR scanned confirms that the goods arrived (a QR scanned on `/mat` arrives in the
 * router state and confirms at once). `proces`: the goods are counted by scanning, line by line, the
 * count kept on this phone until "Selesai" sends it with the reason of every line short.
 */
export default function ConfirmMatPage() {
  const { status, idTbsms = '' } = useParams();
  const mode = modeOf(status);
  const detail = useTransferByTbsms(idTbsms, { enabled: mode !== null });

  return (
    <>
      <PageHeader title={id.routes.confirmMat} backTo={paths.matInNew} />
      <div className="flex flex-col gap-3 p-4" data-testid="mat-confirm-page">
        {mode === null ? (
          <TransferNotFound backTo={paths.mat} title={text.notFoundTitle} message={text.notFoundMessage} />
        ) : (
          <TransferQueryState query={detail} valid={Boolean(idTbsms)} backTo={paths.mat} notFound={{ title: text.notFoundTitle, message: text.notFoundMessage }}>
            {(d) => (mode === 'new' ? <ConfirmView key={d.matNo} detail={d} /> : <CountView key={d.matNo} detail={d} />)}
          </TransferQueryState>
        )}
      </div>
    </>
  );
}

