import type { BookingDetail } from '@gerai/contract';
import { bookingsText } from '@/shared/i18n/bookings';
import { t } from '@/shared/i18n/id';
import { Icon } from '@/shared/ui/icons';

const text = bookingsText.detail;

/** One of the two stores of a booking: name, code, address, kelurahan and kecamatan, and a call link. */
export function StorePlace({ label, store, testId }: { label: string; store: BookingDetail['orderingStore']; testId: string }) {
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <p className="text-xs text-slate-500">{label}</p>
      <p className="font-semibold text-slate-900">
        {store.storeName} <span className="font-mono text-sm font-normal text-slate-600">{store.storeCode}</span>
      </p>
      <p className="text-sm break-words text-slate-700">{store.address}</p>
      <p className="text-xs text-slate-600">{t(bookingsText.common.place, { kelurahan: store.kelurahan, kecamatan: store.kecamatan })}</p>
      {store.phone ? (
        <a
          href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-xl border border-brand-600 px-3 text-sm font-semibold text-brand-700 active:bg-brand-50"
          data-testid={`${testId}-phone`}
        >
          <Icon name="phone" className="size-5" />
          {/* Named by the number it shows, then what it does (WCAG 2.5.3: the name starts with the visible text). */}
          {store.phone} <span className="sr-only">{t(text.call, { store: store.storeName })}</span>
        </a>
      ) : (
        <p className="text-xs text-slate-500">{text.noPhone}</p>
      )}
    </div>
  );
}
