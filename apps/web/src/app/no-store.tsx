import { Suspense, type ReactNode } from 'react';
import { useMe } from '@/features/members/api/get-me';
import { id } from '@/shared/i18n/id';
import { PageSkeleton } from '@/shared/ui/skeleton';
import { lazyNamed } from './lazy-named';

// The picker's screen is rare (helpdesk, super user before choosing): not in the first load.
const NoStoreScreen = lazyNamed(() => import('./no-store-state'), 'NoStoreScreen');

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
    <Suspense fallback={<PageSkeleton label={id.common.loading} />}>
      <NoStoreScreen title={title} member={member} />
    </Suspense>
  );
}
