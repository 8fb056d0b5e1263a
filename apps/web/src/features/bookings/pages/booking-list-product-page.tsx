import { BookingListScreen } from '../components/booking-list-screen';

/** /booking-list-product (BookingListProduct): my store's bookings grouped by product. */
export default function BookingListProductPage() {
  return <BookingListScreen grouping="product" />;
}
