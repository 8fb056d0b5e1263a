import { ModalHost } from '@/shared/modal/modal-host';
import { ToastHost } from '@/shared/toast/toast-host';
import { modalRenderers } from '../modal-renderers';
import { useSignOut } from '../use-sign-out';

/**
 * What shows above the screens: the spec's one modal at a time, with every renderer this
 * shell knows, and the toasts. None of it is on a first screen, so it loads right after
 * (root-layout.tsx); a modal or toast raised before it arrives waits in its store.
 */
export default function Overlays() {
  const { signOut } = useSignOut();
  return (
    <>
      <ModalHost renderers={modalRenderers} onLogout={signOut} />
      <ToastHost />
    </>
  );
}
