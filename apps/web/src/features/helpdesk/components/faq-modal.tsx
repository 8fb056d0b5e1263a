import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { Button } from '@/shared/ui/button';

/** The spec's FAQ modal: the question and its answer (kept as written, line breaks included). */
export function FaqModal({ modal, finish, titleId, descriptionId }: ModalRendererProps) {
  return (
    <ModalSheet
      titleId={titleId}
      title={modal.title}
      onClose={finish}
      footer={
        <Button block onClick={finish}>
          {modal.buttonText}
        </Button>
      }
    >
      <p id={descriptionId} className="text-sm whitespace-pre-line text-slate-700" data-testid="faq-answer">
        {modal.message}
      </p>
    </ModalSheet>
  );
}
