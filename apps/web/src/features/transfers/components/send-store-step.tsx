import { TRANSFER_LIMITS, type TransferStore } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { SearchField } from '@/shared/ui/search-field';
import { Skeleton } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { cn } from '@/shared/utils/cn';
import { useTransferStores } from '../api/get-transfer-stores';
import { storeLabel } from '../hooks/use-send-form';

const text = transfersText.send;

/** Step 1: the store the goods go to, searched by code or name; once chosen, one row with "Ganti toko". */
export function StoreStep({ store, error, disabled, onPick, onChange }: { store: TransferStore | null; error: string | null; disabled: boolean; onPick: (store: TransferStore) => void; onChange: () => void }) {
  const { draft, setDraft, query, searchNow } = useDebouncedText();
  const stores = useTransferStores(store ? '' : query);

  if (store) {
    return (
      <Card title={text.storeTitle} testId="mat-store-chosen">
        <div className="flex items-center gap-3">
          <Icon name="store" className="size-6 shrink-0 text-brand-700" />
          <div className="flex min-w-0 flex-1 flex-col">
            <p className="truncate font-semibold text-slate-900" data-testid="mat-store-name">
              {storeLabel(store)}
            </p>
            <p className="truncate text-xs text-slate-600">{t(text.storePlace, { kelurahan: store.kelurahan, kecamatan: store.kecamatan, city: store.city })}</p>
          </div>
          <Button variant="ghost" onClick={onChange} disabled={disabled} className="shrink-0 px-2 text-brand-700" data-testid="mat-store-change">
            {text.changeStore}
          </Button>
        </div>
        {error ? (
          <p role="alert" className="text-sm whitespace-pre-line text-red-700" data-testid="mat-store-error">
            {error}
          </p>
        ) : null}
      </Card>
    );
  }

  const searching = query.length >= TRANSFER_LIMITS.storeSearchMin;
  const items = stores.data?.pages.flatMap((p) => p.items) ?? [];
  const tooShort = draft.trim().length > 0 && draft.trim().length < TRANSFER_LIMITS.storeSearchMin;
  return (
    <Card title={text.storeTitle} testId="mat-store-step">
      <form
        role="search"
        className="relative flex items-center"
        onSubmit={(e) => {
          e.preventDefault();
          searchNow();
        }}
      >
        <SearchField value={draft} onChange={setDraft} label={text.storeSearchLabel} placeholder={text.storeSearchPlaceholder} invalid={Boolean(error)} testId="mat-store-search" />
      </form>
      {error ? (
        <p role="alert" className="text-sm whitespace-pre-line text-red-700" data-testid="mat-store-error">
          {error}
        </p>
      ) : null}
      {!searching ? (
        <p className={cn('text-xs', tooShort ? 'text-amber-800' : 'text-slate-500')}>{t(text.storeSearchMin, { min: TRANSFER_LIMITS.storeSearchMin })}</p>
      ) : stores.isPending ? (
        <div role="status" aria-label={text.storesLoading} className="flex flex-col gap-2" data-testid="mat-stores-loading">
          <Skeleton className="h-14 w-full rounded-xl" />
          <Skeleton className="h-14 w-full rounded-xl" />
        </div>
      ) : !stores.data ? (
        <ErrorState title={text.storesError} message={isApiError(stores.error) ? stores.error.message : undefined} onRetry={() => void stores.refetch()} retrying={stores.isFetching} />
      ) : items.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600" data-testid="mat-stores-empty">
          {t(text.storesEmpty, { query })}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="mat-stores">
          {items.map((s) => (
            <li key={s.storeCode}>
              <button
                type="button"
                onClick={() => onPick(s)}
                aria-label={t(text.pickStore, { name: storeLabel(s) })}
                className="flex min-h-11 w-full flex-col rounded-xl border border-slate-200 bg-white px-3 py-2 text-left active:bg-slate-50"
                data-testid={`mat-store-${s.storeCode}`}
              >
                <span className="font-semibold text-slate-900">{storeLabel(s)}</span>
                <span className="text-xs text-slate-600">{t(text.storePlace, { kelurahan: s.kelurahan, kecamatan: s.kecamatan, city: s.city })}</span>
              </button>
            </li>
          ))}
          {stores.hasNextPage ? (
            <li>
              <Button variant="ghost" block onClick={() => void stores.fetchNextPage()} loading={stores.isFetchingNextPage}>
                {text.storesMore}
              </Button>
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}

