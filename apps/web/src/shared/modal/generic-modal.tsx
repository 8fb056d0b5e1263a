import { Button } from '../ui/button';
import { ModalImage } from './modal-image';
import type { ModalRendererProps } from './modal-host';

/** The message modal: image, title, message and one button that runs the close type. */
export function GenericModal({ modal, finish, titleId, descriptionId }: ModalRendererProps) {
  return (
    <div className="flex flex-col gap-3 p-6 text-center">
      <ModalImage type={modal.imageType} />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {modal.title}
      </h2>
      {modal.message ? (
        <p id={descriptionId} className="whitespace-pre-line text-slate-600">
          {modal.message}
        </p>
      ) : null}
      <Button block onClick={finish} className="mt-2" data-autofocus>
        {modal.buttonText}
      </Button>
    </div>
  );
}
