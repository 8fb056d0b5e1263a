import { useState, type ReactNode } from 'react';
import { TRANSFER_LIMITS, type StockSearchItem } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { scannerText } from '@/shared/i18n/scanner';
import { transfersText } from '@/shared/i18n/transfers';
import { ScannerPanel } from '@/shared/scanner/scanner-panel';
import { ActionBar } from '@/shared/ui/action-bar';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { TextAreaField } from '@/shared/ui/text-area-field';
import { ScanNote } from '@/shared/ui/scan-note';
import { SendLineRow } from '../components/send-line-row';
import { StoreStep } from '../components/send-store-step';
import { useSendForm, type ScanFeedback } from '../hooks/use-send-form';

const text = transfersText.send;
const common = transfersText.common;

export interface MatStorePageProps {
  /**
   * The product search, given by the app's route (the stock area's picker: features do not import
   * each other); it calls `onPick` with the product and my store's stock of it.
   */
  renderProductSearch: (onPick: (item: StockSearchItem) => void) => ReactNode;
  /** A scanned barcode as the stock area knows it, with my store's stock; null for a code the catalogue does not know. */
  lookupBarcode: (barcode: string) => Promise<StockSearchItem | null>;
}

/**
 * `/mat-store` — a transfer is made here: the store it goes to (searched by code or name), then the
 * products, scanned or searched by name, each with my store's sellable stock as its limit, and an
 * optional note. "Kirim" asks to confirm, then sends while online (the PIN is answered once and
 * kept on this phone) and opens the transfer with its QR. The draft survives a reload of the tab.
 */
export default function MatStorePage({ renderProductSearch, lookupBarcode }: MatStorePageProps) {
  const form = useSendForm(lookupBarcode);
  const { draft, refusals, sending } = form;
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <>
      <PageHeader title={id.routes.matStore} backTo={paths.mat} />
      <div ref={form.formTop} className="flex scroll-mt-16 flex-col gap-3 p-4 pb-32" data-testid="mat-store">
        {refusals.form ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm font-medium whitespace-pre-line text-red-800" data-testid="mat-send-error">
            <Icon name="alert" className="size-5 shrink-0" />
            {refusals.form}
          </p>
        ) : null}
        {!form.online ? (
          <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="mat-offline">
            <Icon name="wifiOff" className="size-5 shrink-0" />
            {common.needsConnection}
          </p>
        ) : null}

        <StoreStep store={draft.store} error={refusals.store} disabled={sending} onPick={form.pickStore} onChange={() => form.pickStore(null)} />

        {draft.store ? (
          <Card title={text.productsTitle} testId="mat-products">
            <ScannerPanel onScan={(code) => void form.onScan(code)} title={text.scanTitle} layout="compact" enabled={!sending}>
              <ScanFeedbackLine feedback={form.feedback} />
            </ScannerPanel>
            <Button variant="secondary" block aria-expanded={searchOpen} onClick={() => setSearchOpen((o) => !o)} icon={<Icon name={searchOpen ? 'close' : 'search'} className="size-5" />} data-testid="mat-search-products">
              {searchOpen ? text.hideSearch : text.searchByName}
            </Button>
            {searchOpen ? <div data-testid="mat-product-search">{renderProductSearch(form.add)}</div> : null}

            {draft.lines.length === 0 ? (
              <p className="rounded-xl bg-slate-50 p-3 text-center text-sm text-slate-600" data-testid="mat-no-lines">
                {text.noProducts}
              </p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100" data-testid="mat-send-lines">
                {draft.lines.map((line) => (
                  <SendLineRow key={line.productId} line={line} error={refusals.lines[line.productId] ?? null} disabled={sending} onQty={(qty) => form.setQty(line.productId, qty)} onRemove={() => form.remove(line.productId)} />
                ))}
              </ul>
            )}
          </Card>
        ) : null}

        {draft.store ? (
          // The optional note, at most TRANSFER_LIMITS.noteMax characters (the shared field: counted, never cut).
          <TextAreaField
            label={text.noteLabel}
            rows={2}
            max={TRANSFER_LIMITS.noteMax}
            value={draft.note}
            disabled={sending}
            placeholder={text.notePlaceholder}
            onChange={form.setNote}
            error={refusals.note}
            testId="mat-send-note"
          />
        ) : null}
      </div>
      <ActionBar hint={form.hint}>
        <Button block onClick={form.send} disabled={!form.ready || !form.online} loading={sending} data-testid="mat-send-submit">
          {text.submit}
        </Button>
      </ActionBar>
    </>
  );
}

/** One line kept for what a scan has to say: nothing below moves when it speaks. */
function ScanFeedbackLine({ feedback }: { feedback: ScanFeedback }) {
  return (
    <div aria-live="polite" className="flex min-h-11 items-center" data-testid="mat-scan-feedback">
      {feedback?.tone === 'pending' ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" />
          <span className="line-clamp-1">{feedback.text}</span>
        </p>
      ) : feedback ? (
        <ScanNote tone={feedback.tone} text={feedback.text} className="px-2 py-1.5" />
      ) : (
        <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p>
      )}
    </div>
  );
}
