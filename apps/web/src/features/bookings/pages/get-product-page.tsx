import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { hasErrorCode, isApiError } from '@/shared/api/api-error';
import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { id, t } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { SkeletonStack } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import { useBooking } from '../api/get-booking';
import { BookingView } from '../components/booking-detail-view';
import { bookingKeys } from '../query-keys';

const text = bookingsText.detail;
const common = bookingsText.common;

/**
 * /get-product/:id — one booking, seen from either store: the product, both stores, who took or
 * refused it, its history, and what my store may do now (only the server's `actions`): take or
 * refuse a request addressed to it; re-offer, cancel, or fetch and scan the goods of my own booking.
 */
export default function GetProductPage() {
  const { id: param = '' } = useParams();
  const bookID = Number(param);
  const valid = Number.isInteger(bookID) && bookID > 0;
  const queryClient = useQueryClient();
  const detail = useBooking(bookID, { enabled: valid });
  const refresh = () => queryClient.refetchQueries({ queryKey: bookingKeys.detail(bookID), type: 'active' });

  const error = detail.error;
  const notFound = (
    <EmptyState icon="booking" title={text.notFoundTitle} message={text.notFoundMessage}>
      <ButtonLink to={paths.bookingListProduct} variant="secondary">
        {common.toList}
      </ButtonLink>
    </EmptyState>
  );
  let content: ReactNode;
  if (!valid) content = notFound;
  else if (detail.isPending) content = <SkeletonStack bars={['h-36 w-full', 'h-20 w-full', 'h-48 w-full', 'h-32 w-full']} testId="booking-detail-loading" />;
  else if (!detail.data && isApiError(error) && (error.status === 404 || error.status === 400)) content = notFound;
  else if (!detail.data) content = <ErrorState title={text.loadError} message={isApiError(error) ? error.message : undefined} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />;
  else if (hasErrorCode(error, 'BOOKING_NOT_FOUND')) {
    // It was here a moment ago: re-offered to another store or no longer visible to mine.
    content = (
      <div data-testid="booking-gone">
        <EmptyState icon="alert" title={text.goneTitle} message={t(text.goneMessage, { bookingNo: detail.data.bookingNo })}>
          <ButtonLink to={paths.bookingListProduct} block>
            {common.toList}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  } else content = <BookingView key={detail.data.bookID} detail={detail.data} />;

  return (
    <>
      <PageHeader title={id.routes.getProduct} backTo={paths.bookingListProduct} />
      <PullToRefresh onRefresh={refresh}>
        <div className="flex flex-col gap-3 p-4" data-testid="booking-detail">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}
