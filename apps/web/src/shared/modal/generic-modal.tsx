import { Button } from '../ui/button';
import { ModalImage } from './modal-image';
import { closeModal } from './modal-store';
import type { ModalRendererProps } from './modal-host';
import type { ModalImageType } from './modal-types';

/** A message modal's image, title and message, labelling its dialog: the generic modal's, and any renderer's that says the same way. */
export function ModalMessage({ modal, titleId, descriptionId, imageType = modal.imageType }: Pick<ModalRendererProps, 'modal' | 'titleId' | 'descriptionId'> & { imageType?: ModalImageType }) {
  return (
    <>
      <ModalImage type={imageType} />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {modal.title}
      </h2>
      {modal.message ? (
        <p id={descriptionId} className="whitespace-pre-line text-slate-600">
          {modal.message}
        </p>
      ) : null}
    </>
  );
}

/** The message modal: image, title, message and one button that runs the close type. */
export function GenericModal({ modal, finish, titleId, descriptionId }: ModalRendererProps) {
  return (
    <div className="flex flex-col gap-3 p-6 text-center">
      <ModalMessage modal={modal} titleId={titleId} descriptionId={descriptionId} />
      {modal.onConfirm ? (
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={finish} data-autofocus>
            {modal.buttonText}
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              const confirm = modal.onConfirm;
              closeModal();
              confirm?.();
            }}
          >
            {modal.confirmText}
          </Button>
        </div>
      ) : (
        <Button block onClick={finish} className="mt-2" data-autofocus>
          {modal.buttonText}
        </Button>
      )}
    </div>
  );
}
