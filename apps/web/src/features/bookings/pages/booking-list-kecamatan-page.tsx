import BookingStoreChoicePage from './booking-store-choice-page';

/** /booking-list-kecamatan: the stores in my kecamatan (or the nearest beyond it) that can serve the product. */
export default function BookingListKecamatanPage() {
  return <BookingStoreChoicePage scope="kecamatan" />;
}
