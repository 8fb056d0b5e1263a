import type { ReactNode } from 'react';
import { id } from '../i18n/id';
import { isApiError } from '../api/api-error';
import { cn } from '../utils/cn';
import { Button } from './button';
import { Icon, type IconName } from './icons';

/** A failed load: what went wrong in Indonesian and a retry. */
/** What a failed query shows: the server's own message when it sent one, and a retry that asks again. */
export function QueryErrorState({
  title,
  query,
  className,
}: {
  title?: string;
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
  className?: string;
}) {
  return (
    <ErrorState
      title={title}
      message={isApiError(query.error) ? query.error.message : undefined}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      className={className}
    />
  );
}

export function ErrorState({
  title = id.errors.loadFailed,
  message,
  onRetry,
  retrying = false,
  className,
}: {
  title?: string;
  message?: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center', className)}>
      <Icon name="alert" className="size-10 text-amber-600" />
      <p className="font-semibold text-slate-900">{title}</p>
      {message ? <p className="text-sm text-slate-600">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} loading={retrying} icon={<Icon name="refresh" className="size-5" />}>
          {id.common.retry}
        </Button>
      ) : null}
    </div>
  );
}

/** Nothing to show (yet): icon, title, optional text and actions. */
export function EmptyState({
  icon = 'info',
  title,
  message,
  children,
  className,
}: {
  icon?: IconName;
  title: string;
  message?: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center', className)}>
      <Icon name={icon} className="size-12 text-slate-400" />
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {message ? <p className="text-sm text-slate-600">{message}</p> : null}
      {children ? <div className="mt-2 flex w-full flex-col gap-2">{children}</div> : null}
    </div>
  );
}
