import { Suspense, useCallback, useId, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useGoBack } from '../ui/page-header';
import { Spinner } from '../ui/spinner';
import { runCloseAction } from './close-actions';
import { GenericModal } from './generic-modal';
import { ModalFrame } from './modal-frame';
import { useModalStore } from './modal-store';
import type { ModalState, ModalType } from './modal-types';

export interface ModalRendererProps {
  modal: ModalState;
  /** Close the modal and run its close type. */
  finish: () => void;
  titleId: string;
  descriptionId: string;
}
export type ModalRenderer = ComponentType<ModalRendererProps>;
export type ModalRenderers = Partial<Record<ModalType, ModalRenderer>>;

/**
 * Renders the one modal of the store. Named kinds (store info, super user, force
 * update…) come from the app as renderers; everything else is the generic modal.
 */
export function ModalHost({ renderers = {}, onLogout }: { renderers?: ModalRenderers; onLogout: () => void }) {
  const modal = useModalStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = useGoBack();
  const uid = useId();

  const finish = useCallback(() => {
    const { actionsType, payload, closeModal } = useModalStore.getState();
    closeModal();
    runCloseAction(actionsType, {
      navigate: (to) => navigate(to),
      back,
      refetch: (keyPrefix) => void queryClient.invalidateQueries(keyPrefix ? { queryKey: [...keyPrefix] } : undefined),
      logout: onLogout,
      payload,
    });
  }, [navigate, back, queryClient, onLogout]);

  if (!modal.isShow) return null;
  const Renderer = renderers[modal.type] ?? GenericModal;
  const titleId = `${uid}-title`;
  const descriptionId = `${uid}-desc`;
  return (
    <ModalFrame labelledBy={titleId} describedBy={modal.message ? descriptionId : undefined} dismissible={modal.dismissible} onDismiss={finish}>
      {/* Feature modals load with their feature's code (lazy renderers). */}
      <Suspense
        fallback={
          <div className="flex min-h-40 items-center justify-center text-brand-700">
            <h2 id={titleId} className="sr-only">
              {modal.title}
            </h2>
            <Spinner className="size-8" />
          </div>
        }
      >
        <Renderer modal={modal} finish={finish} titleId={titleId} descriptionId={descriptionId} />
      </Suspense>
    </ModalFrame>
  );
}
