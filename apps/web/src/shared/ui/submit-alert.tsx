import { Icon } from './icons';

/**
 * Why pressing a form's main button did nothing (a field to fix, a refusal of the server), shown
 * next to that button in the ActionBar: the reason is in view wherever the form is scrolled.
 */
export function SubmitAlert({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="flex items-start gap-1.5 rounded-lg bg-red-50 px-2 py-1.5 text-sm font-medium text-red-900" data-testid={testId}>
      <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
      <span className="line-clamp-3 min-w-0">{message}</span>
    </p>
  );
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

/** Brings the field a refusal is about into view and puts the focus on it (or on its first control). */
export function revealField(el: HTMLElement | null | undefined): void {
  if (!el) return;
  el.scrollIntoView?.({ block: 'center' });
  const target = el.matches(FOCUSABLE) ? el : el.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus({ preventScroll: true });
}
