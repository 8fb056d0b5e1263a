import { openNativeAppUpdate } from '@/shared/bridge/native-bridge';
import { Button } from '@/shared/ui/button';
import { ModalImage } from '@/shared/modal/modal-image';
import type { ModalRendererProps } from '@/shared/modal/modal-host';

/**
 * Cannot be dismissed. Inside the native app it opens the store page; on the web
 * a reload lets the service worker (autoUpdate) bring the new build.
 */
export function ForceUpdateModal({ modal, titleId, descriptionId }: ModalRendererProps) {
  const update = () => {
    if (modal.payload.native && openNativeAppUpdate()) return;
    window.location.reload();
  };
  return (
    <div className="flex flex-col gap-3 p-6 text-center" data-testid="force-update-modal">
      <ModalImage type={modal.imageType} />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {modal.title}
      </h2>
      <p id={descriptionId} className="text-slate-600">
        {modal.message}
      </p>
      <Button block onClick={update} className="mt-2" data-autofocus>
        {modal.buttonText}
      </Button>
    </div>
  );
}
