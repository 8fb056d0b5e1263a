import type { ReactNode } from 'react';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';

const TONES = {
  // Something stands in the way (the lock): announced at once.
  alert: { role: 'alert', box: 'gap-2 border-red-200 bg-red-50', ink: 'text-red-900', icon: 'alert' },
  // Something was done (an unlock): said politely.
  done: { role: 'status', box: 'gap-1 border-emerald-200 bg-emerald-50', ink: 'text-emerald-900', icon: 'check' },
} as const;

/** A transfer's state notice above its detail: a titled, coloured box with what it means, then `children` (a step). */
export function MatNotice({ tone, title, message, testId, children }: { tone: keyof typeof TONES; title: string; message: string; testId: string; children?: ReactNode }) {
  const s = TONES[tone];
  return (
    <section role={s.role} aria-label={title} className={cn('flex flex-col rounded-2xl border-2 p-3', s.box)} data-testid={testId}>
      <p className={cn('flex items-center gap-2 font-semibold', s.ink)}>
        <Icon name={s.icon} className="size-5 shrink-0" />
        {title}
      </p>
      <p className={cn('text-sm', s.ink)}>{message}</p>
      {children}
    </section>
  );
}
