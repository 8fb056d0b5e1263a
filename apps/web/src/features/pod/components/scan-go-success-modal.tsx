import { useNavigate } from 'react-router';
import { paths } from '@/shared/config/paths';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalMessage } from '@/shared/modal/generic-modal';
import { Button } from '@/shared/ui/button';

/** The spec's "scan and go success" modal (POD status true): the way on is the Selesai list. */
export function ScanGoSuccessModal({ modal, finish, titleId, descriptionId }: ModalRendererProps) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-3 p-6 text-center" data-testid="scan-go-success">
      <ModalMessage modal={modal} titleId={titleId} descriptionId={descriptionId} imageType={modal.imageType === 'none' ? 'success' : modal.imageType} />
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
