import { useId, useState } from 'react';
import type { Faq } from '@gerai/contract';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { t } from '@/shared/i18n/id';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { openModal } from '@/shared/modal/modal-store';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { Skeleton } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { useFaqs } from '../api/get-faqs';

const text = helpdeskText.home;

/**
 * Questions shown before "Lihat semua". The list's box is exactly this many rows of one fixed height,
 * loading or loaded, so the cards below it never move when the FAQ arrives (it pushed them off a
 * 360 × 640 screen: a layout shift of 0.47).
 */
export const FAQ_SHOWN = 4;
/** One row: 56 px, its divider inside it (two lines of a question, a touch target over 44 px); the box is FAQ_SHOWN of them. */
const ROW = 'h-14';
const LIST = 'flex flex-col divide-y divide-slate-100';
const BOX = 'min-h-56';
/** The "Lihat semua" row's place, kept whether or not it shows. */
const MORE = 'h-11';

/** The FAQ from the API, searched on the server as the crew type; a question opens the FAQ modal with its answer. */
export function FaqSection() {
  const uid = useId();
  const { draft, setDraft, query } = useDebouncedText();
  const faqs = useFaqs(query);
  const [all, setAll] = useState(false);
  const items = faqs.data?.items ?? [];
  const shown = all ? items : items.slice(0, FAQ_SHOWN);
  return (
    <Card title={text.faqTitle} testId="faq-section">
      <label htmlFor={uid} className="sr-only">
        {text.faqSearchLabel}
      </label>
      <input
        id={uid}
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={text.faqSearchPlaceholder}
        maxLength={60}
        autoComplete="off"
        className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200"
        data-testid="faq-search"
      />
      <div className={BOX} data-testid="faq-box">
        {faqs.isPending ? (
          <div aria-hidden="true" className={LIST} data-testid="faq-skeleton">
            {Array.from({ length: FAQ_SHOWN }, (_, i) => (
              <div key={i} className={`flex ${ROW} items-center`} data-testid="faq-skeleton-row">
                <Skeleton className="h-5 w-full" />
              </div>
            ))}
          </div>
        ) : faqs.isError ? (
          <ErrorState title={text.faqLoadError} onRetry={() => void faqs.refetch()} retrying={faqs.isFetching} />
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{text.faqEmpty}</p>
        ) : (
          <ul className={LIST} data-testid="faq-list">
            {shown.map((f) => (
              <FaqRow key={f.id} faq={f} />
            ))}
          </ul>
        )}
      </div>
      <div className={MORE}>
        {items.length > FAQ_SHOWN ? (
          <Button variant="ghost" block onClick={() => setAll((v) => !v)} aria-expanded={all} data-testid="faq-more">
            {all ? text.faqFewer : t(text.faqAll, { count: items.length })}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function FaqRow({ faq }: { faq: Faq }) {
  return (
    <li className={ROW}>
      <button
        type="button"
        onClick={() => openModal({ type: 'faq', imageType: 'info', title: faq.question, message: faq.answer, buttonText: helpdeskText.faq.close, actionsType: 'close-modal' })}
        className={`flex h-full w-full items-center gap-2 text-left text-sm font-medium text-slate-900`}
      >
        <Icon name="help" className="size-5 shrink-0 text-brand-700" />
        <span className="line-clamp-2 flex-1">{faq.question}</span>
        <Icon name="chevronRight" className="size-5 shrink-0 text-slate-400" />
      </button>
    </li>
  );
}
