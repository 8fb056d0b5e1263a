import { BookingListScreen } from '../components/booking-list-screen';

/** /booking-list-store (BookingListStore): my store's bookings grouped by the other store. */
export default function BookingListStorePage() {
  return <BookingListScreen grouping="store" />;
}
