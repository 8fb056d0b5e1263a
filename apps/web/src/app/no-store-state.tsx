import type { Member } from '@gerai/contract';
import { canChooseStore } from '@/features/members/utils/store-access';
import { id } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import { useModalStore } from '@/shared/modal/modal-store';
import { Button } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { EmptyState } from '@/shared/ui/state-views';

/** No active store yet: who may choose one gets the store picker; a crew member without a store is told whom to ask. */
export function NoStoreState({ member, message = id.home.noStoreMessage }: { member: Pick<Member, 'roleID'>; message?: string }) {
  const openModal = useModalStore((s) => s.openModal);
  if (!canChooseStore(member)) return <EmptyState icon="store" title={id.home.noStoreTitle} message={id.home.noStoreStaff} />;
  return (
    <EmptyState icon="store" title={id.home.noStoreTitle} message={message}>
      <Button onClick={() => openModal({ type: 'super-user', title: membersText.picker.title })} data-testid="choose-store">
        {id.home.chooseStore}
      </Button>
    </EmptyState>
  );
}

/** The screen a store's list shows before a store is chosen: its title and the picker. */
export function NoStoreScreen({ title, member }: { title: string; member: Pick<Member, 'roleID'> }) {
  return (
    <>
      <PageHeader title={title} />
      <div className="p-4">
        <NoStoreState member={member} message={id.home.noStoreScreen} />
      </div>
    </>
  );
}
