import { useId, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';

/**
 * The app's search input: typed text of at most 60 characters, no autofill, the keyboard's "search"
 * key, the field's look; `className` places it (width, padding for what sits inside it).
 */
export function SearchInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement> & { 'data-testid'?: string }) {
  return (
    <input
      type="search"
      maxLength={60}
      autoComplete="off"
      enterKeyHint="search"
      {...props}
      className={cn(
        'min-h-11 min-w-0 rounded-xl border border-slate-300 bg-white text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200',
        className,
      )}
    />
  );
}

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Said to a screen reader (the field shows only its placeholder). */
  label: string;
  placeholder: string;
  testId: string;
  /** Offers the "clear" cross inside the field while it holds text. */
  onClear?: () => void;
  clearLabel?: string;
  onKeyDown?: (e: KeyboardEvent<HTMLInputElement>) => void;
  invalid?: boolean;
  autoFocus?: boolean;
}

/**
 * A search field as the product and store finders draw it: the magnifier inside, typed text sent by
 * the caller (a debounce, a form), and, where the screen offers one, the cross that clears it. Its
 * parent places it (`relative flex items-center`): a form where Enter submits, a plain row elsewhere.
 */
export function SearchField({ value, onChange, label, placeholder, testId, onClear, clearLabel, onKeyDown, invalid, autoFocus }: SearchFieldProps) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 size-5 text-slate-400" />
      <SearchInput
        id={inputId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={invalid ? true : undefined}
        className={cn(
          'w-full pl-10',
          // Room for the cross, and the browser's own cross hidden so there is one.
          onClear && 'pr-12 [&::-webkit-search-cancel-button]:hidden',
        )}
        data-testid={testId}
      />
      {onClear && value ? (
        <button type="button" onClick={onClear} aria-label={clearLabel} className="absolute right-0 inline-flex size-11 items-center justify-center text-slate-500">
          <Icon name="close" className="size-5" />
        </button>
      ) : null}
    </>
  );
}
