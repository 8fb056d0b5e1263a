import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TransferDetail } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { transfersText } from '@/shared/i18n/transfers';
import { ButtonLink } from '@/shared/ui/button';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';

const text = transfersText.detail;

/** A transfer that is not there, or not for my stores (404), or an address that is not one (400). */
export const isTransferMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

export function TransferNotFound({ backTo, title = text.notFoundTitle, message = text.notFoundMessage }: { backTo: string; title?: string; message?: string }) {
  return (
    <div data-testid="mat-not-found">
      <EmptyState icon="truck" title={title} message={message}>
        <ButtonLink to={backTo} variant="secondary">
          {transfersText.common.toEntry}
        </ButtonLink>
      </EmptyState>
    </div>
  );
}

/**
 * A transfer's read as a screen: its skeleton while it loads, "not found" (also for an address
 * that cannot be one: `valid` false), an error with retry, or `children` with the transfer.
 */
export function TransferQueryState({
  query,
  valid = true,
  backTo,
  notFound,
  children,
}: {
  query: UseQueryResult<TransferDetail>;
  valid?: boolean;
  backTo: string;
  /** The not-found state's words, when the screen has its own. */
  notFound?: { title: string; message: string };
  children: (detail: TransferDetail) => ReactNode;
}) {
  if (!valid) return <TransferNotFound backTo={backTo} {...notFound} />;
  if (query.data) return <>{children(query.data)}</>;
  if (query.isPending && query.fetchStatus !== 'idle') return <SkeletonStack bars={['h-32 w-full rounded-2xl', 'h-24 w-full rounded-2xl', 'h-48 w-full rounded-2xl']} testId="mat-detail-loading" />;
  if (isTransferMissing(query.error)) return <TransferNotFound backTo={backTo} {...notFound} />;
  return <ErrorState title={text.loadError} message={isApiError(query.error) ? query.error.message : undefined} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
}
