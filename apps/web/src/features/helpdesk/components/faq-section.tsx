import { useId } from 'react';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { openModal } from '@/shared/modal/modal-store';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { Skeleton } from '@/shared/ui/skeleton';
import { ErrorState } from '@/shared/ui/state-views';
import { useFaqs } from '../api/get-faqs';

const text = helpdeskText.home;

/** The FAQ from the API, searched on the server as the crew type; a question opens the FAQ modal with its answer. */
export function FaqSection() {
  const uid = useId();
  const { draft, setDraft, query } = useDebouncedText();
  const faqs = useFaqs(query);
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
      {faqs.isPending ? (
        <Skeleton className="h-11 w-full" />
      ) : faqs.isError ? (
        <ErrorState title={text.faqLoadError} onRetry={() => void faqs.refetch()} retrying={faqs.isFetching} />
      ) : faqs.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{text.faqEmpty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" data-testid="faq-list">
          {faqs.data.items.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                onClick={() => openModal({ type: 'faq', imageType: 'info', title: f.question, message: f.answer, buttonText: helpdeskText.faq.close, actionsType: 'close-modal' })}
                className="flex min-h-11 w-full items-center gap-2 py-2 text-left text-sm font-medium text-slate-900"
              >
                <Icon name="help" className="size-5 shrink-0 text-brand-700" />
                <span className="flex-1">{f.question}</span>
                <Icon name="chevronRight" className="size-5 shrink-0 text-slate-400" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
