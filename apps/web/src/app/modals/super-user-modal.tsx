import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Store } from '@gerai/contract';
import { StorePicker } from '@/features/catalog/components/store-picker';
import { useMe } from '@/features/members/api/get-me';
import { useSelectStore } from '@/features/members/api/select-store';
import { memberKeys } from '@/features/members/query-keys';
import { appConfigKeys } from '@/shared/config/app-config';
import { catalogKeys } from '@/features/catalog/query-keys';
import { isApiError } from '@/shared/api/api-error';
import { DEFAULT_ERROR_MODAL, t } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { clearFilters } from '@/shared/stores/filter-store';
import { resetScan } from '@/shared/stores/scan-store';
import { showToast } from '@/shared/toast/toast-store';
import { Icon } from '@/shared/ui/icons';

/** Keys that do not depend on the active store. */
const STORE_INDEPENDENT = new Set<unknown>([memberKeys.all[0], appConfigKeys.all[0], catalogKeys.all[0]]);

/**
 * The spec's super-user modal: search the stores the caller may work in and pick
 * one (POST /api/members/me/store). Errors show inside: only one modal at a time.
 */
export function SuperUserModal({ finish, titleId }: ModalRendererProps) {
  const queryClient = useQueryClient();
  const activeStoreCode = useMe().data?.store?.storeCode ?? null;
  const [pending, setPending] = useState<string | null>(null);
  const select = useSelectStore({
    onSuccess: (member) => {
      // Everything store-scoped now belongs to another store.
      void queryClient.invalidateQueries({ predicate: (q) => !STORE_INDEPENDENT.has(q.queryKey[0]) });
      clearFilters();
      resetScan();
      const store = member.store ? `${member.storeName ?? member.store.storeName} (${member.store.storeCode})` : '';
      showToast(t(membersText.picker.selected, { store }), 'success');
      finish();
    },
  });

  const pick = (store: Store) => {
    if (store.storeCode === activeStoreCode) {
      finish();
      return;
    }
    setPending(store.storeCode);
    select.mutate({ storeCode: store.storeCode }, { onSettled: () => setPending(null) });
  };

  return (
    <ModalSheet titleId={titleId} title={membersText.picker.title} onClose={finish}>
      {/* Tall from the start, so the sheet does not jump as results arrive. */}
      <div className="min-h-[60dvh]">
      <p className="mb-3 text-sm text-slate-600">{membersText.picker.description}</p>
      {select.isError ? (
        <div role="alert" className="mb-3 flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          <Icon name="alert" className="size-5 shrink-0" />
          <span>{isApiError(select.error) ? select.error.message : DEFAULT_ERROR_MODAL.message}</span>
        </div>
      ) : null}
      <StorePicker activeStoreCode={activeStoreCode} pendingStoreCode={pending} onPick={pick} />
      </div>
    </ModalSheet>
  );
}
