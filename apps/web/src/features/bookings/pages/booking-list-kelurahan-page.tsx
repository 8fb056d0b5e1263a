import BookingStoreChoicePage from './booking-store-choice-page';

/** /booking-list-kelurahan: the stores in my kelurahan that can serve the product. */
export default function BookingListKelurahanPage() {
  return <BookingStoreChoicePage scope="kelurahan" />;
}
