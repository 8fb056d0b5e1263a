import type { ReactNode } from 'react';
import type { Store } from '@gerai/contract';
import { id } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { useMe } from '../api/get-me';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-2 last:border-0">
      <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

export function StoreDetails({ store }: { store: Store }) {
  return (
    <dl>
      <Row label={membersText.store.name}>{store.storeName}</Row>
      <Row label={membersText.store.code}>{store.storeCode}</Row>
      <Row label={membersText.store.address}>{store.address}</Row>
      <Row label={membersText.store.kelurahan}>{store.kelurahan}</Row>
      <Row label={membersText.store.kecamatan}>{store.kecamatan}</Row>
      <Row label={membersText.store.city}>{store.city}</Row>
      <Row label={membersText.store.phone}>
        {store.phone ? (
          <a href={`tel:${store.phone}`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline">
            <Icon name="phone" className="size-5" />
            {store.phone}
          </a>
        ) : (
          membersText.store.noPhone
        )}
      </Row>
      <Row label={membersText.store.coordinates}>
        {store.latitude.toFixed(6)}, {store.longitude.toFixed(6)}
      </Row>
    </dl>
  );
}

/**
 * The spec's store info modal: the active store's details, or the store named in
 * the payload (an order's store: storeCode, storeName, address, phone).
 */
export function StoreInfoModal({ modal, finish, titleId }: ModalRendererProps) {
  const active = useMe().data?.store ?? null;
  const { storeCode, storeName, address, phone } = modal.payload;
  const other = storeCode && storeCode !== active?.storeCode;
  const store = other ? null : active;
  return (
    <ModalSheet
      titleId={titleId}
      title={membersText.store.infoTitle}
      onClose={finish}
      footer={
        <Button block onClick={finish}>
          {id.common.close}
        </Button>
      }
    >
      {store ? (
        <StoreDetails store={store} />
      ) : other ? (
        <dl>
          <Row label={membersText.store.name}>{storeName}</Row>
          <Row label={membersText.store.code}>{storeCode}</Row>
          {address ? <Row label={membersText.store.address}>{address}</Row> : null}
          <Row label={membersText.store.phone}>
            {phone ? (
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline">
                <Icon name="phone" className="size-5" />
                {phone}
              </a>
            ) : (
              membersText.store.noPhone
            )}
          </Row>
        </dl>
      ) : (
        <p className="text-slate-600">{membersText.store.noStore}</p>
      )}
    </ModalSheet>
  );
}
