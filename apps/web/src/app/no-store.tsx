import type { ReactNode } from 'react';
import type { Member } from '@gerai/contract';
import { useMe } from '@/features/members/api/get-me';
import { canChooseStore } from '@/features/members/utils/store-access';
import { id } from '@/shared/i18n/id';
import { useModalStore } from '@/shared/modal/modal-store';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { PageSkeleton } from '@/shared/ui/skeleton';
import { EmptyState } from '@/shared/ui/state-views';

/** No active store yet: who may choose one gets the store picker; a crew member without a store is told whom to ask. */
export function NoStoreState({ member, message = id.home.noStoreMessage }: { member: Pick<Member, 'roleID'>; message?: string }) {
  const openModal = useModalStore((s) => s.openModal);
  if (!canChooseStore(member)) return <EmptyState icon="store" title={id.home.noStoreTitle} message={id.home.noStoreStaff} />;
  return (
    <EmptyState icon="store" title={id.home.noStoreTitle} message={message}>
      <Button onClick={() => openModal({ type: 'super-user', title: id.superUser.title })} data-testid="choose-store">
        {id.home.chooseStore}
      </Button>
    </EmptyState>
  );
}

/**
 * A screen of one store's work (the order lists, the queues): its reads need the active store, so
 * before one is chosen (helpdesk, super user) the screen says so and offers the picker instead of
 * sending requests the server can only refuse and showing "Coba lagi" for them.
 */
export function NeedsActiveStore({ title, children }: { title: string; children: ReactNode }) {
  const member = useMe().data;
  if (!member) return <PageSkeleton label={id.common.loading} />;
  if (member.store) return children;
  return (
    <>
      <PageHeader title={title} />
      <div className="p-4">
        <NoStoreState member={member} message={id.home.noStoreScreen} />
      </div>
    </>
  );
}
