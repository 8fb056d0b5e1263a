import { paths } from '@/shared/config/paths';
import { bookingsText } from '@/shared/i18n/bookings';
import { ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';

const text = bookingsText.choice;

/**
 * Opened without a product, an order line or a booking: what the list is for and the way to it
 * (Cek Stok, then the area buttons), not a bare empty state.
 */
export function NoContext() {
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="choice-no-context">
      <Card>
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon name="stock" className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="font-semibold text-slate-900">{text.noContextTitle}</h2>
            <p className="text-sm text-slate-700">{text.noContextMessage}</p>
          </div>
        </div>
        <ol className="flex list-decimal flex-col gap-1.5 pl-5 text-sm text-slate-700">
          {text.noContextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <ButtonLink to={paths.cekStock} block data-testid="choice-to-cek-stock">
          <Icon name="search" className="size-5" />
          {text.toCekStock}
        </ButtonLink>
        <ButtonLink to={paths.bookingListProduct} variant="secondary" block>
          {bookingsText.common.toList}
        </ButtonLink>
      </Card>
    </div>
  );
}
