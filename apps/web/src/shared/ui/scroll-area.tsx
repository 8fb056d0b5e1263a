import type { ReactNode } from 'react';
import { cn } from '../utils/cn';

type Name = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

/**
 * A block that scrolls sideways on its own (a wide table on a 360 px phone, a printed sheet's
 * preview). A keyboard reaches it with Tab and scrolls it with the arrow keys, and a screen reader
 * says what it is (WCAG 2.1.1): focusable, named, and outlined while focused.
 */
export function ScrollArea({ className, children, testId, ...name }: Name & { className?: string; children: ReactNode; testId?: string }) {
  return (
    <div
      role="group"
      aria-label={name.label}
      aria-labelledby={name.labelledBy}
      // Its own tab stop: a table has nothing focusable inside to scroll it with.
      tabIndex={0}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600', className)}
      data-testid={testId}
    >
      {children}
    </div>
  );
}
