import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { TransferDetail } from '@gerai/contract';
import { paths } from '@/shared/config/paths';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { useTransfer } from '../api/get-transfer';
import { transferKeys } from '../query-keys';
import { TransferQueryState } from './transfer-query-state';

/**
 * The frame of every MAT detail page: its header, pull to refresh, the transfer read by number and
 * kept current by the live events, and the loading, not-found and error states; `children` draws the
 * transfer once it is there.
 */
export function TransferDetailScreen({ matNo, title, backTo, testId, children }: { matNo: string; title: string; backTo: string; testId: string; children: (detail: TransferDetail) => ReactNode }) {
  const queryClient = useQueryClient();
  const detail = useTransfer(matNo);
  const refresh = () => queryClient.refetchQueries({ queryKey: transferKeys.detail(matNo), type: 'active' });
  return (
    <>
      <PageHeader title={title} backTo={backTo} />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4" data-testid={testId}>
          <TransferQueryState query={detail} valid={Boolean(matNo)} backTo={paths.mat}>
            {children}
          </TransferQueryState>
        </div>
      </PullToRefresh>
    </>
  );
}
