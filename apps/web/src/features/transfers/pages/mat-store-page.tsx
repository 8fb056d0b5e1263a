import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { TRANSFER_LIMITS, type StockSearchItem, type TransferStore, type TransferWithSecret } from '@gerai/contract';
import { hasErrorCode, isApiError } from '@/shared/api/api-error';
import { newIdempotencyKey } from '@/shared/api/client';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { id, t } from '@/shared/i18n/id';
import { scannerText } from '@/shared/i18n/scanner';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { showToast } from '@/shared/toast/toast-store';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { Skeleton } from '@/shared/ui/skeleton';
import { Spinner } from '@/shared/ui/spinner';
import { ErrorState } from '@/shared/ui/state-views';
import { Stepper } from '@/shared/ui/stepper';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { useCreateTransfer } from '../api/create-transfer';
import { useTransferStores } from '../api/get-transfer-stores';
import { saveSecret } from '../utils/secret-store';
import { createBody, totalUnits, useSendDraft, type SendDraft, type SendLine } from '../utils/send-draft';
import { NO_REFUSALS, placeRefusal, type Refusals } from '../utils/send-refusals';
import { refusalLines } from '../utils/transfer-view';

const text = transfersText.send;
const common = transfersText.common;

/** How long typing rests before the store search is asked. */

export interface MatStorePageProps {
  /**
   * The product search, given by the app's route (the stock area's picker: features do not import
   * each other); it calls `onPick` with the product and my store's stock of it.
   */
  renderProductSearch: (onPick: (item: StockSearchItem) => void) => ReactNode;
  /** A scanned barcode as the stock area knows it, with my store's stock; null for a code the catalogue does not know. */
  lookupBarcode: (barcode: string) => Promise<StockSearchItem | null>;
}

type Feedback = { tone: 'success' | 'error' | 'pending'; text: string } | null;

const storeLabel = (s: Pick<TransferStore, 'storeCode' | 'storeName'>) => t(common.store, { code: s.storeCode, name: s.storeName });

/** An unknown product (or a code the API refuses as one): said as "not registered", never as a failure. */
const isUnknownProduct = (error: unknown) => hasErrorCode(error, 'PRODUCT_NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED');

/**
 * `/mat-store` — a transfer is made here: the store it goes to (searched by code or name), then the
 * products, scanned or searched by name, each with my store's sellable stock as its limit, and an
 * optional note. "Kirim" asks to confirm, then sends while online (the PIN is answered once and
 * kept on this phone) and opens the transfer with its QR. The draft survives a reload of the tab.
 */
export default function MatStorePage({ renderProductSearch, lookupBarcode }: MatStorePageProps) {
  const navigate = useNavigate();
  const openModal = useModalStore((s) => s.openModal);
  const online = useOnlineStatus();
  const { draft, update: updateDraft, clear } = useSendDraft();
  // What the draft is now, for answers that arrive after the render that asked (a scan's lookup, a send's refusal).
  const draftRef = useRef(draft);
  draftRef.current = draft;
  // Every change is applied to the ref at once too: scans answered before the next render (a hardware
  // scanner fires several a second) each see the lines the previous one left.
  const update = (change: (d: SendDraft) => SendDraft) => {
    draftRef.current = change(draftRef.current);
    updateDraft(change);
  };
  const [refusals, setRefusals] = useState<Refusals>(NO_REFUSALS);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const formTop = useRef<HTMLDivElement>(null);
  // Scans are handled one after another, in the order they came: none is dropped while an earlier
  // one's lookup is on its way. A page that is gone handles none.
  const scans = useRef<Promise<void>>(Promise.resolve());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const create = useCreateTransfer({
    onSuccess: (data: TransferWithSecret) => {
      const d = data.transfer;
      signal('success');
      if (data.secret) saveSecret(d.matNo, d.idTbsms, data.secret);
      clear();
      showToast(t(data.secret ? text.sent : text.sentNoPin, { matNo: d.matNo }), 'success');
      // Back from the transfer goes to the MAT menu, not to a draft already sent.
      navigate(paths.detailMatOut(d.matStoreStatus, d.matNo), { replace: true });
    },
    onError: (error, sent) => {
      signal('error');
      if (error.code === 'IDEMPOTENCY_ALREADY_APPLIED') {
        // Sent before, its answer lost: it exists, with its PIN unread (a new one is issued there).
        clear();
        showToast(text.alreadySent, 'info');
        navigate(paths.matOutNew, { replace: true });
        return;
      }
      // A refusal was a decision: the next send is a new one. No answer, a server failure or a send
      // still running may have made it: the same draft goes again with the same key.
      const decided = error.status >= 400 && error.status < 500 && error.code !== 'IDEMPOTENCY_IN_PROGRESS';
      if (decided) update((d) => ({ ...d, pending: null }));
      setRefusals(error.isClientSide ? { ...NO_REFUSALS, form: refusalLines(error).join('\n') } : placeRefusal(error, sent, draftRef.current));
      formTop.current?.scrollIntoView?.({ block: 'start' });
    },
  });
  const sending = create.isPending;

  // --- lines -------------------------------------------------------------------------------------
  const clearLineRefusal = (productId: string) =>
    setRefusals((r) => (r.lines[productId] ? { ...r, lines: Object.fromEntries(Object.entries(r.lines).filter(([k]) => k !== productId)) } : r));

  /** Adds one unit of the product (a new line, or one more), never above my stock. */
  const add = (item: StockSearchItem) => {
    const lines = draftRef.current.lines;
    const existing = lines.find((l) => l.productId === item.productID);
    const max = item.qty;
    if (max <= 0) {
      signal('error');
      setFeedback({ tone: 'error', text: t(text.noStock, { name: item.name }) });
      return;
    }
    if (existing && existing.qty >= max) {
      signal('error');
      setFeedback({ tone: 'error', text: t(text.atMax, { name: item.name, max: formatNumber(max) }) });
      update((d) => ({ ...d, lines: d.lines.map((l) => (l.productId === item.productID ? { ...l, max, qty: Math.min(l.qty, max) } : l)) }));
      return;
    }
    if (!existing && lines.length >= TRANSFER_LIMITS.linesMax) {
      signal('error');
      setFeedback({ tone: 'error', text: t(text.tooManyLines, { max: TRANSFER_LIMITS.linesMax }) });
      return;
    }
    signal('success');
    clearLineRefusal(item.productID);
    if (existing) {
      update((d) => ({ ...d, lines: d.lines.map((l) => (l.productId === item.productID ? { ...l, max, qty: l.qty + 1 } : l)) }));
      setFeedback({ tone: 'success', text: t(text.addedMore, { name: item.name, qty: formatNumber(existing.qty + 1) }) });
    } else {
      const line: SendLine = { productId: item.productID, name: item.name, barcode: item.barcode, imageUrl: item.imageUrl, unit: item.unit, max, qty: 1 };
      update((d) => ({ ...d, lines: [...d.lines, line] }));
      setFeedback({ tone: 'success', text: t(text.added, { name: item.name }) });
    }
  };

  const onScan = (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setFeedback({ tone: 'pending', text: t(text.scanning, { code }) });
    // Looked up at once (side by side), applied in order.
    const lookup = lookupBarcode(code).then(
      (item) => ({ item }),
      (error: unknown) => ({ error }),
    );
    scans.current = scans.current.then(async () => {
      const answer = await lookup;
      if (mounted.current) applyScan(code, answer);
    });
  };
  const applyScan = (code: string, answer: { item: StockSearchItem | null } | { error: unknown }) => {
    if ('item' in answer && answer.item) add(answer.item);
    else if ('item' in answer) {
      signal('error');
      setFeedback({ tone: 'error', text: t(text.barcodeUnknown, { code }) });
    } else {
      const { error } = answer;
      signal('error');
      setFeedback({
        tone: 'error',
        text: isUnknownProduct(error) ? t(text.barcodeUnknown, { code }) : t(text.barcodeFailed, { code, message: refusalLines(error).join(' ') }),
      });
    }
  };

  const setQty = (productId: string, qty: number) => {
    clearLineRefusal(productId);
    update((d) => ({ ...d, lines: d.lines.map((l) => (l.productId === productId ? { ...l, qty } : l)) }));
  };
  const remove = (productId: string) => {
    clearLineRefusal(productId);
    update((d) => ({ ...d, lines: d.lines.filter((l) => l.productId !== productId) }));
  };

  // --- send --------------------------------------------------------------------------------------
  const units = totalUnits(draft.lines);
  const ready =
    draft.store !== null && draft.lines.length > 0 && draft.lines.every((l) => l.qty >= 1 && l.qty <= l.max) && !isTooLong(draft.note, TRANSFER_LIMITS.noteMax);
  const send = () => {
    if (!draft.store || !ready) return;
    if (!online) {
      setRefusals({ ...NO_REFUSALS, form: common.needsConnection });
      return;
    }
    const store = draft.store;
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.confirmTitle,
      message: t(text.confirmMessage, { n: formatNumber(draft.lines.length), qty: formatNumber(units), store: storeLabel(store) }),
      buttonText: id.common.cancel,
      confirmText: text.confirm,
      onConfirm: () => {
        const current = draftRef.current;
        const body = createBody(current);
        const bodyText = JSON.stringify(body);
        // The same draft after a lost answer keeps its key: the server makes it once.
        const key = current.pending?.body === bodyText ? current.pending.key : newIdempotencyKey();
        update((d) => ({ ...d, pending: { key, body: bodyText } }));
        setRefusals(NO_REFUSALS);
        create.mutate({ ...body, sendKey: key });
      },
    });
  };

  const hint = !draft.store
    ? text.hintNoStore
    : draft.lines.length === 0
      ? text.hintNoLines
      : t(text.hint, { n: formatNumber(draft.lines.length), qty: formatNumber(units), store: draft.store.storeName });

  return (
    <>
      <PageHeader title={id.routes.matStore} backTo={paths.mat} />
      <div ref={formTop} className="flex scroll-mt-16 flex-col gap-3 p-4 pb-32" data-testid="mat-store">
        {refusals.form ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm font-medium whitespace-pre-line text-red-800" data-testid="mat-send-error">
            <Icon name="alert" className="size-5 shrink-0" />
            {refusals.form}
          </p>
        ) : null}
        {!online ? (
          <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="mat-offline">
            <Icon name="wifiOff" className="size-5 shrink-0" />
            {common.needsConnection}
          </p>
        ) : null}

        <StoreStep
          store={draft.store}
          error={refusals.store}
          disabled={sending}
          onPick={(store) => {
            setRefusals((r) => ({ ...r, store: null }));
            update((d) => ({ ...d, store }));
          }}
          onChange={() => update((d) => ({ ...d, store: null }))}
        />

        {draft.store ? (
          <Card title={text.productsTitle} testId="mat-products">
            <ScannerPanel onScan={(code) => void onScan(code)} title={text.scanTitle} layout="compact" enabled={!sending}>
              {/* One line kept for what a scan has to say: nothing below moves when it speaks. */}
              <div aria-live="polite" className="flex min-h-11 items-center" data-testid="mat-scan-feedback">
                {feedback?.tone === 'pending' ? (
                  <p className="flex items-center gap-2 text-sm text-slate-600">
                    <Spinner className="size-4" />
                    <span className="line-clamp-1">{feedback.text}</span>
                  </p>
                ) : feedback ? (
                  <p
                    data-tone={feedback.tone}
                    className={cn('flex w-full items-start gap-2 rounded-xl px-2 py-1.5 text-sm font-medium', feedback.tone === 'success' ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800')}
                  >
                    <Icon name={feedback.tone === 'success' ? 'check' : 'alert'} className="size-5 shrink-0" />
                    <span className="line-clamp-2">{feedback.text}</span>
                  </p>
                ) : (
                  <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p>
                )}
              </div>
            </ScannerPanel>
            <Button variant="secondary" block aria-expanded={searchOpen} onClick={() => setSearchOpen((o) => !o)} icon={<Icon name={searchOpen ? 'close' : 'search'} className="size-5" />} data-testid="mat-search-products">
              {searchOpen ? text.hideSearch : text.searchByName}
            </Button>
            {searchOpen ? <div data-testid="mat-product-search">{renderProductSearch(add)}</div> : null}

            {draft.lines.length === 0 ? (
              <p className="rounded-xl bg-slate-50 p-3 text-center text-sm text-slate-600" data-testid="mat-no-lines">
                {text.noProducts}
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100" data-testid="mat-send-lines">
                {draft.lines.map((line) => (
                  <SendLineRow key={line.productId} line={line} error={refusals.lines[line.productId] ?? null} disabled={sending} onQty={(qty) => setQty(line.productId, qty)} onRemove={() => remove(line.productId)} />
                ))}
              </ul>
            )}
          </Card>
        ) : null}

        {draft.store ? (
          <NoteField
            value={draft.note}
            error={refusals.note}
            disabled={sending}
            onChange={(note) => {
              setRefusals((r) => ({ ...r, note: null }));
              update((d) => ({ ...d, note }));
            }}
          />
        ) : null}
      </div>
      <ActionBar hint={hint}>
        <Button block onClick={send} disabled={!ready || !online} loading={sending} data-testid="mat-send-submit">
          {text.submit}
        </Button>
      </ActionBar>
    </>
  );
}

/** Step 1: the store the goods go to, searched by code or name; once chosen, one row with "Ganti toko". */
function StoreStep({ store, error, disabled, onPick, onChange }: { store: TransferStore | null; error: string | null; disabled: boolean; onPick: (store: TransferStore) => void; onChange: () => void }) {
  const { draft, setDraft, query, searchNow } = useDebouncedText();
  const inputId = useId();
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
        <label htmlFor={inputId} className="sr-only">
          {text.storeSearchLabel}
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3 size-5 text-slate-400" />
        <input
          id={inputId}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={text.storeSearchPlaceholder}
          maxLength={60}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={error ? true : undefined}
          className="min-h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white pl-10 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200"
          data-testid="mat-store-search"
        />
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

/** A product to send: its units (1 to my stock) with the stepper, removable; a refusal about it under it. */
function SendLineRow({ line, error, disabled, onQty, onRemove }: { line: SendLine; error: string | null; disabled: boolean; onQty: (qty: number) => void; onRemove: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-2" data-testid={`mat-send-line-${line.productId}`}>
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={line.imageUrl} className="size-10" />
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="line-clamp-2 text-sm font-medium text-slate-900">{line.name}</p>
          <p className="font-mono text-xs text-slate-500">{line.barcode}</p>
          <p className="text-xs text-slate-600 tabular-nums" data-testid="mat-send-line-max">
            {t(text.myStock, { qty: formatNumber(line.max) })}
          </p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={t(text.remove, { name: line.name })}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-500 active:bg-slate-100 disabled:opacity-40"
          data-testid="mat-send-line-remove"
        >
          <Icon name="close" className="size-5" />
        </button>
      </div>
      <div className="flex items-center justify-end gap-2">
        {line.qty >= line.max ? <span className="flex-1 text-xs text-amber-800">{t(text.atMax, { name: line.name, max: formatNumber(line.max) })}</span> : null}
        <Stepper
          value={line.qty}
          min={1}
          max={line.max}
          onChange={onQty}
          label={t(text.qtyLabel, { name: line.name })}
          decreaseLabel={id.common.decrease}
          increaseLabel={id.common.increase}
          disabled={disabled}
          testId={`mat-send-qty-${line.productId}`}
        />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-2 py-1.5 text-sm whitespace-pre-line text-red-800" data-testid="mat-send-line-error">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The optional note, at most TRANSFER_LIMITS.noteMax characters (the shared field: counted, never cut). */
function NoteField({ value, error, disabled, onChange }: { value: string; error: string | null; disabled: boolean; onChange: (note: string) => void }) {
  return (
    <TextAreaField
      label={text.noteLabel}
      rows={2}
      max={TRANSFER_LIMITS.noteMax}
      value={value}
      disabled={disabled}
      placeholder={text.notePlaceholder}
      onChange={onChange}
      error={error}
      testId="mat-send-note"
    />
  );
}
