import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { TRANSFER_LIMITS, type StockSearchItem, type TransferStore, type TransferWithSecret } from '@gerai/contract';
import { hasErrorCode } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { signal } from '@/shared/feedback/feedback';
import { useOnlineStatus } from '@/shared/hooks/use-online-status';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { useModalStore } from '@/shared/modal/modal-store';
import { showToast } from '@/shared/toast/toast-store';
import { isTooLong } from '@/shared/ui/text-area-field';
import { formatNumber } from '@/shared/utils/format';
import { useCreateTransfer } from '../api/create-transfer';
import { NO_SEND_REFUSALS, placeSendRefusal, refusalLines, type SendRefusals } from '../refusals';
import { saveSecret } from '../utils/secret-store';
import { createBody, totalUnits, useSendDraft, type SendDraft, type SendLine } from '../utils/send-draft';

const text = transfersText.send;
const common = transfersText.common;

/** What a scan or a pick has to say, in the one line kept for it. */
export type ScanFeedback = { tone: 'success' | 'error' | 'pending'; text: string } | null;

export const storeLabel = (s: Pick<TransferStore, 'storeCode' | 'storeName'>) => t(common.store, { code: s.storeCode, name: s.storeName });

/** An unknown product (or a code the API refuses as one): said as "not registered", never as a failure. */
const isUnknownProduct = (error: unknown) => hasErrorCode(error, 'PRODUCT_NOT_FOUND', 'NOT_FOUND', 'VALIDATION_FAILED');

/**
 * The send form of `/mat-store`: the draft (kept over a reload), what each scan and pick does to it,
 * where a refusal is said (TRANSFER_REFUSALS, by the product the server names), and the send: while
 * online, after a confirmation; the same draft after a lost answer goes again with the key it was
 * first sent with (`resend`), so the server makes it once.
 */
export function useSendForm(lookupBarcode: (barcode: string) => Promise<StockSearchItem | null>) {
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
  const [refusals, setRefusals] = useState<SendRefusals>(NO_SEND_REFUSALS);
  const [feedback, setFeedback] = useState<ScanFeedback>(null);
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
      showToast(t(text.sent, { matNo: d.matNo }), 'success');
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
      setRefusals(placeSendRefusal(error, sent, draftRef.current.lines.map((l) => l.productId)));
      formTop.current?.scrollIntoView?.({ block: 'start' });
    },
  });

  const clearLineRefusal = (productId: string) =>
    setRefusals((r) => (r.lines[productId] ? { ...r, lines: Object.fromEntries(Object.entries(r.lines).filter(([k]) => k !== productId)) } : r));
  const say = (tone: 'success' | 'error', words: string) => {
    signal(tone);
    setFeedback({ tone, text: words });
  };

  /** Adds one unit of the product (a new line, or one more), never above my stock. */
  const add = (item: StockSearchItem) => {
    const lines = draftRef.current.lines;
    const existing = lines.find((l) => l.productId === item.productID);
    const max = item.qty;
    if (max <= 0) return say('error', t(text.noStock, { name: item.name }));
    if (existing && existing.qty >= max) {
      say('error', t(text.atMax, { name: item.name, max: formatNumber(max) }));
      update((d) => ({ ...d, lines: d.lines.map((l) => (l.productId === item.productID ? { ...l, max, qty: Math.min(l.qty, max) } : l)) }));
      return;
    }
    if (!existing && lines.length >= TRANSFER_LIMITS.linesMax) return say('error', t(text.tooManyLines, { max: TRANSFER_LIMITS.linesMax }));
    clearLineRefusal(item.productID);
    if (existing) {
      update((d) => ({ ...d, lines: d.lines.map((l) => (l.productId === item.productID ? { ...l, max, qty: l.qty + 1 } : l)) }));
      say('success', t(text.addedMore, { name: item.name, qty: formatNumber(existing.qty + 1) }));
    } else {
      const line: SendLine = { productId: item.productID, name: item.name, barcode: item.barcode, imageUrl: item.imageUrl, unit: item.unit, max, qty: 1 };
      update((d) => ({ ...d, lines: [...d.lines, line] }));
      say('success', t(text.added, { name: item.name }));
    }
  };

  const applyScan = (code: string, answer: { item: StockSearchItem | null } | { error: unknown }) => {
    if ('item' in answer && answer.item) add(answer.item);
    else if ('item' in answer) say('error', t(text.barcodeUnknown, { code }));
    else say('error', isUnknownProduct(answer.error) ? t(text.barcodeUnknown, { code }) : t(text.barcodeFailed, { code, message: refusalLines(answer.error).join(' ') }));
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

  const setQty = (productId: string, qty: number) => {
    clearLineRefusal(productId);
    update((d) => ({ ...d, lines: d.lines.map((l) => (l.productId === productId ? { ...l, qty } : l)) }));
  };
  const remove = (productId: string) => {
    clearLineRefusal(productId);
    update((d) => ({ ...d, lines: d.lines.filter((l) => l.productId !== productId) }));
  };
  const pickStore = (store: TransferStore | null) => {
    if (store) setRefusals((r) => ({ ...r, store: null }));
    update((d) => ({ ...d, store }));
  };
  const setNote = (note: string) => {
    setRefusals((r) => ({ ...r, note: null }));
    update((d) => ({ ...d, note }));
  };

  const units = totalUnits(draft.lines);
  const ready =
    draft.store !== null && draft.lines.length > 0 && draft.lines.every((l) => l.qty >= 1 && l.qty <= l.max) && !isTooLong(draft.note, TRANSFER_LIMITS.noteMax);
  const send = () => {
    if (!draft.store || !ready) return;
    if (!online) {
      setRefusals({ ...NO_SEND_REFUSALS, form: common.needsConnection });
      return;
    }
    openModal({
      type: 'info',
      imageType: 'warning',
      title: text.confirmTitle,
      message: t(text.confirmMessage, { n: formatNumber(draft.lines.length), qty: formatNumber(units), store: storeLabel(draft.store) }),
      buttonText: id.common.cancel,
      confirmText: text.confirm,
      onConfirm: () => {
        const body = createBody(draftRef.current);
        const bodyText = JSON.stringify(body);
        const pending = draftRef.current.pending;
        setRefusals(NO_SEND_REFUSALS);
        // The same draft after a lost answer keeps its key: the server makes it once.
        if (pending?.body === bodyText) create.resend({ ...body, idempotencyKey: pending.key });
        else {
          const key = create.mutate(body);
          update((d) => ({ ...d, pending: { key, body: bodyText } }));
        }
      },
    });
  };

  const hint = !draft.store
    ? text.hintNoStore
    : draft.lines.length === 0
      ? text.hintNoLines
      : t(text.hint, { n: formatNumber(draft.lines.length), qty: formatNumber(units), store: draft.store.storeName });

  return { draft, online, refusals, feedback, formTop, sending: create.isPending, ready, hint, add, onScan, setQty, remove, pickStore, setNote, send };
}
