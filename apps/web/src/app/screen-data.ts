import type { QueryClient } from '@tanstack/react-query';
import { prefetchBookingScreen } from '@/features/bookings/screen-data';
import { prefetchHelpdeskScreen } from '@/features/helpdesk/screen-data';
import { prefetchReturnScreen } from '@/features/returns/screen-data';
import { prefetchTransferScreen } from '@/features/transfers/screen-data';

/** Where a first load opens: its path and query, and the member's active store. */
export interface FirstScreen {
  pathname: string;
  search: string;
  storeCode: string | null;
}

/**
 * The data of the screen a first load opens on, for the screens whose data the shell does not ask
 * for itself (the orders' and scan and go's, router.tsx): a chunk of its own, asked for next to
 * /members/me, so on a slow network a list's first page arrives with the screen's code instead of a
 * round trip after its code ran (Lighthouse: the LCP's render delay). Each area reads its own paths
 * with its screens' query options, so the screen finds the data under its own key.
 */
export function prefetchScreenData(queryClient: QueryClient, screen: FirstScreen): void {
  prefetchTransferScreen(queryClient, screen);
  prefetchBookingScreen(queryClient, screen);
  prefetchReturnScreen(queryClient, screen);
  prefetchHelpdeskScreen(queryClient, screen);
}
