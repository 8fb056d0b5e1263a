import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { GERAI_SHIPMENT_NO_PATTERN, type OrderDetail } from '@gerai/contract';
import { shouldRetryQuery } from '@/shared/api/query-client';
import { isNativeHost, scanWithNative } from '@/shared/bridge/native-bridge';
import { signal } from '@/shared/feedback/feedback';
import { t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import { useModalStore } from '@/shared/modal/modal-store';
import type { ScanFormat } from '@/shared/scanner/detector';
import { createCameraScanGate } from '@/shared/scanner/scan-gate';
import { useKeyboardWedge } from '@/shared/scanner/use-keyboard-wedge';
import { useFilterStore } from '@/shared/stores/filter-store';
import { Icon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { cn } from '@/shared/utils/cn';
import { isOrderNotFound, orderQueryOptions } from '../api/get-order';
import { orderKeys } from '../query-keys';
import { orderDetailPath } from '../utils/order-status';

// The camera (and, through it, the decoder) loads on the first tap of the scan button, not with the list.
const CameraScanner = lazy(() => import('@/shared/scanner/camera-scanner').then((m) => ({ default: m.CameraScanner })));

/** How long typing rests before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The most the list endpoint takes as `query`. */
const QUERY_MAX = 100;
/** What package labels and pickup QRs carry. */
const LABEL_FORMATS: readonly ScanFormat[] = ['qr_code', 'code_128'];

/**
 * The Gerai shipmentNo a scanned or typed text names: the text itself, or the part of a
 * label or pickup QR that is one ("SHP…|123456", "GERAI:PICKUP:SHP…:123456"); null otherwise.
 * Only Gerai's own shape (decision 8) counts: the API's looser pattern also fits order numbers,
 * which must filter the list instead.
 */
export function shipmentNoIn(text: string): string | null {
  const tokens = text.trim().toUpperCase().split(/[^A-Z0-9-]+/);
  return tokens.find((token) => GERAI_SHIPMENT_NO_PATTERN.test(token)) ?? null;
}

type Lookup = { kind: 'idle' } | { kind: 'opening' | 'notFound' | 'offline' | 'failed'; shipmentNo: string };
const IDLE: Lookup = { kind: 'idle' };

/** Opens an order by shipmentNo through the detail query (so it lands in the cache), whatever its status. */
function useOpenShipment() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [lookup, setLookup] = useState<Lookup>(IDLE);
  // Only the latest lookup of a still-mounted bar may navigate or speak.
  const latest = useRef(0);
  useEffect(() => {
    const counter = latest;
    return () => {
      counter.current += 1;
    };
  }, []);

  const open = useCallback(
    async (shipmentNo: string) => {
      const mine = ++latest.current;
      setLookup({ kind: 'opening', shipmentNo });
      const cached = queryClient.getQueryData<OrderDetail>(orderKeys.detail(shipmentNo));
      let order: OrderDetail | undefined;
      let failure: Lookup['kind'] = 'failed';
      if (!onlineManager.isOnline()) {
        // A paused query would wait for the connection; what this phone read before opens now.
        order = cached;
        failure = 'offline';
      } else {
        try {
          // One retry at most: the crew is waiting at the counter.
          order = await queryClient.fetchQuery({ ...orderQueryOptions(shipmentNo), retry: (count, error) => count < 1 && shouldRetryQuery(count, error) });
        } catch (error) {
          if (isOrderNotFound(error)) failure = 'notFound';
          else order = cached;
        }
      }
      if (mine !== latest.current) return;
      if (order) {
        signal('success');
        setLookup(IDLE);
        void navigate(orderDetailPath(order));
        return;
      }
      signal('error');
      setLookup({ kind: failure, shipmentNo });
    },
    [queryClient, navigate],
  );

  const reset = useCallback(() => {
    latest.current += 1;
    setLookup(IDLE);
  }, []);

  return { lookup, open, reset };
}

const MESSAGES = {
  notFound: ordersText.search.notFound,
  offline: ordersText.search.offline,
  failed: ordersText.search.failed,
} as const;

/**
 * The search row of every order list: typing filters the list through the filter store's
 * query (debounced, the one source the filter dialog and chips read too); a scan (camera
 * or hardware scanner) or Enter on a whole shipmentNo opens that order's detail directly.
 */
export function OrderSearchBar() {
  const query = useFilterStore((s) => s.query);
  const setFilters = useFilterStore((s) => s.setFilters);
  const modalOpen = useModalStore((s) => s.isShow);
  const { lookup, open, reset } = useOpenShipment();
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();

  // The field's text, and whether it still waits to become the list's query.
  const [text, setText] = useState(query);
  const [pending, setPending] = useState(false);
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    // Changed elsewhere (filter dialog, "Hapus filter"): the field follows, dropping what waited.
    setSeenQuery(query);
    if (query !== text.trim()) {
      setText(query);
      setPending(false);
    }
  }

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      setFilters({ query: text.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [pending, text, setFilters]);

  const commit = (value: string) => {
    setPending(false);
    setFilters({ query: value.trim() });
  };

  const [cameraOn, setCameraOn] = useState(false);
  const [gate] = useState(() => createCameraScanGate());

  /** A scanned code: a shipment opens, anything else filters at once. */
  const onScan = (code: string) => {
    setCameraOn(false);
    const shipmentNo = shipmentNoIn(code);
    if (shipmentNo) {
      // The list stays as it was: the text is only what is being opened.
      setPending(false);
      setText(shipmentNo);
      void open(shipmentNo);
      return;
    }
    const value = code.trim().slice(0, QUERY_MAX);
    reset();
    setText(value);
    commit(value);
  };
  const onCameraFrame = (codes: string[], at: number) => {
    const [code] = gate.frame(codes, at);
    if (code) onScan(code);
  };
  // A hardware scanner typing while no field has the focus (the field itself gets its keys and Enter).
  useKeyboardWedge(onScan, !modalOpen);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const shipmentNo = shipmentNoIn(text);
    if (shipmentNo) {
      setPending(false);
      setText(shipmentNo);
      void open(shipmentNo);
      return;
    }
    reset();
    commit(text);
    // The keyboard goes away so the narrowed list is in view.
    inputRef.current?.blur();
  };

  const clear = () => {
    reset();
    setText('');
    commit('');
    inputRef.current?.focus();
  };

  const opening = lookup.kind === 'opening';
  const message = lookup.kind === 'idle' || lookup.kind === 'opening' ? null : t(MESSAGES[lookup.kind], { shipmentNo: lookup.shipmentNo });

  return (
    // No gap between the rows: an empty message area or a hidden status must not move the list.
    <div className="flex flex-col">
      <form role="search" aria-label={ordersText.search.region} aria-busy={opening || undefined} onSubmit={submit} noValidate className="flex items-center gap-2" data-testid="order-search">
        <div className="relative min-w-0 flex-1">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-400">
            {opening ? <Spinner className="size-4 text-brand-700" /> : <Icon name="search" className="size-5" />}
          </span>
          <input
            ref={inputRef}
            type="search"
            aria-label={ordersText.search.label}
            aria-describedby={message ? messageId : undefined}
            aria-invalid={message ? true : undefined}
            placeholder={ordersText.search.placeholder}
            value={text}
            maxLength={QUERY_MAX}
            inputMode="text"
            enterKeyHint="search"
            autoCapitalize="characters"
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            onChange={(e) => {
              reset();
              setText(e.target.value);
              setPending(true);
            }}
            data-testid="order-search-input"
            className={cn(
              'min-h-11 w-full appearance-none rounded-xl border border-slate-300 bg-white pl-9 text-base text-slate-900 placeholder:text-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200 [&::-webkit-search-cancel-button]:appearance-none',
              text ? 'pr-11' : 'pr-3',
              message && 'border-amber-500',
            )}
          />
          {text ? (
            <button
              type="button"
              onClick={clear}
              aria-label={ordersText.search.clear}
              className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-xl text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              data-testid="order-search-clear"
            >
              <Icon name="close" className="size-5" />
            </button>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => {
            // Inside the native app its own scanner reads the label; in a browser, the camera under the bar.
            if (!isNativeHost()) {
              gate.reset();
              return setCameraOn((on) => !on);
            }
            void scanWithNative().then((code) => {
              if (code) onScan(code);
            });
          }}
          aria-label={ordersText.search.scan}
          aria-pressed={cameraOn}
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            cameraOn ? 'bg-brand-800 text-white' : 'bg-brand-700 text-white hover:bg-brand-800',
          )}
          data-testid="order-search-scan"
        >
          <Icon name="scan" className="size-6" />
        </button>
      </form>

      <div aria-live="polite">
        {opening ? <span className="sr-only">{t(ordersText.search.opening, { shipmentNo: lookup.shipmentNo })}</span> : null}
        {message ? (
          <p id={messageId} className="mt-2 flex items-start gap-2 rounded-xl bg-amber-50 p-2 text-sm font-medium text-amber-900" data-testid="order-search-message">
            <Icon name="alert" className="size-5 shrink-0" />
            <span>{message}</span>
          </p>
        ) : null}
      </div>

      {cameraOn ? (
        <Suspense fallback={<div aria-hidden="true" className="mt-2 aspect-video w-full rounded-xl bg-slate-900" />}>
          <div className="mt-2">
            <CameraScanner formats={LABEL_FORMATS} onFrame={onCameraFrame} onClose={() => setCameraOn(false)} />
          </div>
        </Suspense>
      ) : null}
    </div>
  );
}
