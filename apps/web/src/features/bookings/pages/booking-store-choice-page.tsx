import type { ReactNode } from 'react';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { PageHeader } from '@/shared/ui/page-header';
import { BrowseChoice } from '../components/browse-choice';
import { NoContext } from '../components/no-context-choice';
import { PickingChoice } from '../components/picking-choice';
import { ReofferChoice } from '../components/reoffer-choice';
import { RingSwitch, type ChoiceProps } from '../components/store-choice-blocks';
import { useStoreChoice, type StoreRing } from '../hooks/use-store-choice';

/**
 * /booking-list-kelurahan and /booking-list-kecamatan: the stores that can serve a product within my
 * kelurahan or kecamatan (the kecamatan page can reach the nearest stores beyond it), paged, with a
 * store search. Opened from picking (`?shipmentNo=&lineId=`: book what the line lacks), for a refused
 * booking (`?bookID=`: offer it to another store) or to look (`?productId=&qty=`).
 */
export default function BookingStoreChoicePage({ scope }: { scope: StoreRing }) {
  const { context, nearby, ring, query, update, contextSearch } = useStoreChoice(scope);

  const shared: ChoiceProps = {
    ring,
    scope,
    query,
    onSearch: (q) => update({ q }),
    rings: <RingSwitch scope={scope} nearby={nearby} contextSearch={contextSearch} onNearby={(on) => update({ nearby: on ? '1' : undefined })} />,
    toKecamatan: `${paths.bookingListKecamatan}${contextSearch}`,
    onNearby: () => update({ nearby: '1' }),
  };

  let content: ReactNode;
  if (context.kind === 'picking') content = <PickingChoice key={`${context.shipmentNo}:${context.lineId}`} {...shared} shipmentNo={context.shipmentNo} lineId={context.lineId} />;
  else if (context.kind === 'reoffer') content = <ReofferChoice key={context.bookID} {...shared} bookID={context.bookID} />;
  else if (context.kind === 'browse') content = <BrowseChoice {...shared} productId={context.productId} qty={context.qty} />;
  else content = <NoContext />;

  return (
    <>
      <PageHeader title={scope === 'kelurahan' ? id.routes.bookingListKelurahan : id.routes.bookingListKecamatan} backTo={paths.bookingListProduct} />
      {content}
    </>
  );
}

