import { useId, useState, type FormEvent } from 'react';
import { id } from '@/shared/i18n/id';
import { FilterChips, queryChip } from '@/shared/ui/filter-chips';
import { Icon } from '@/shared/ui/icons';
import { SearchInput } from '@/shared/ui/search-field';

interface SearchRowProps {
  /** The search in force (from the URL); the field follows it when it changes elsewhere. */
  query: string;
  label: string;
  placeholder: string;
  onSearch: (q: string | undefined) => void;
  testId: string;
  /** The chips' test id (default `<testId>-chips`). */
  chipsTestId?: string;
  maxLength?: number;
}

/** The search row of a list: typed, sent with Enter or the button, said as a chip that clears it. */
export function SearchRow({ query, label, placeholder, onSearch, testId, chipsTestId, maxLength = 60 }: SearchRowProps) {
  const [draft, setDraft] = useState(query);
  const [shown, setShown] = useState(query);
  const inputId = useId();
  // The search cleared or changed elsewhere (a chip, "Hapus filter", another tab): the field follows.
  if (shown !== query) {
    setShown(query);
    setDraft(query);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim() || undefined);
  };
  const clear = () => {
    setDraft('');
    onSearch(undefined);
  };
  return (
    <>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <SearchInput id={inputId} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={placeholder} maxLength={maxLength} className="flex-1 px-3" data-testid={testId} />
        <button type="submit" aria-label={id.common.search} className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
          <Icon name="search" className="size-5" />
        </button>
      </form>
      <FilterChips testId={chipsTestId ?? `${testId}-chips`} chips={[queryChip(query)]} onEdit={() => document.getElementById(inputId)?.focus()} onClear={clear} />
    </>
  );
}
