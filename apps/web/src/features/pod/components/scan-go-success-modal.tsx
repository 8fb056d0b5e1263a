import { useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalImage } from '@/shared/modal/modal-image';
import { Button } from '@/shared/ui/button';

/** The spec's "scan and go success" modal (POD status true): the way on is the Selesai list. */
export function ScanGoSuccessModal({ modal, finish, titleId, descriptionId }: ModalRendererProps) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-3 p-6 text-center" data-testid="scan-go-success">
      <ModalImage type={modal.imageType === 'none' ? 'success' : modal.imageType} />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {modal.title}
      </h2>
      {modal.message ? (
        <p id={descriptionId} className="whitespace-pre-line text-slate-600">
          {modal.message}
        </p>
      ) : null}
      <Button
        block
        className="mt-2"
        data-autofocus
        onClick={() => {
          finish();
          navigate(paths.listDone, { replace: true });
        }}
      >
        {modal.buttonText}
      </Button>
    </div>
  );
}
