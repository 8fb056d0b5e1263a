import { lazy, Suspense, useDeferredValue } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BOOKING_STATUS, ROLE, hasRoleAtLeast, type RoleId } from '@gerai/contract';
import { useMe } from '@/features/members/api/get-me';
import { MemberGreeting } from '@/features/members/components/member-greeting';
import { memberKeys } from '@/features/members/query-keys';
import { OrderCountTiles } from '@/features/orders/components/order-count-tiles';
import { orderKeys } from '@/features/orders/query-keys';
import { bookingKeys } from '@/features/bookings/query-keys';
import { cancelKeys } from '@/features/cancellations/query-keys';
import { podKeys } from '@/features/pod/query-keys';
import { transferKeys } from '@/features/transfers/query-keys';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import { NoStoreState } from '../no-store-state';
import { useModalStore } from '@/shared/modal/modal-store';
import { AfterFirstPaint } from '@/shared/ui/after-first-paint';
import { Icon, type IconName } from '@/shared/ui/icons';
import { NoticeDock } from '@/shared/ui/notice-dock';
import { PullToRefresh } from '@/shared/ui/pull-to-refresh';
import { Skeleton } from '@/shared/ui/skeleton';

// Only kepala toko and above see it: staff never download it.
const PodPendingBadge = lazy(() => import('@/features/pod/components/pod-pending-badge'));
const PodPendingNotice = lazy(() => import('@/features/pod/components/pod-pending-notice'));
// Every crew member sees what waits in their store: cancellation requests and open returns.
const CancelPendingBadge = lazy(() => import('@/features/cancellations/components/cancel-pending-badge'));
const ReturnOpenBadge = lazy(() => import('@/features/returns/components/return-open-badge'));
// Booking requests other stores addressed to this one, waiting to be taken or refused.
const BookingRequestBadge = lazy(() => import('@/features/bookings/components/booking-request-badge'));
// Transfers other stores sent to this one, waiting to be received.
const MatIncomingBadge = lazy(() => import('@/features/transfers/components/mat-incoming-badge'));

type Badge = 'pod' | 'cancel' | 'returns' | 'booking' | 'mat';

const FEATURES: ReadonlyArray<{ to: string; label: string; icon: IconName; minRole?: RoleId; badge?: Badge }> = [
  { to: paths.order, label: id.features.orders, icon: 'orders' },
  { to: paths.cekStock, label: id.features.stock, icon: 'stock' },
  // Opens what its badge counts: requests addressed to the store, waiting.
  { to: `${paths.bookingListProduct}?status=${BOOKING_STATUS.WAITING}`, label: id.features.booking, icon: 'booking', badge: 'booking' },
  { to: paths.mat, label: id.features.transfer, icon: 'truck', badge: 'mat' },
  { to: paths.returList('requested'), label: id.features.returns, icon: 'returns', badge: 'returns' },
  // Kepala toko and above decide POD requests: the tile and its badge are theirs.
  { to: paths.listPengajuanPod, label: id.features.pod, icon: 'pin', minRole: ROLE.STORE_CHIEF, badge: 'pod' },
  { to: paths.monitoring, label: id.features.monitoring, icon: 'monitor' },
  { to: paths.rekapAc, label: id.features.recap, icon: 'chart' },
  { to: paths.helpCenter(), label: id.features.helpCenter, icon: 'help' },
  { to: paths.featureGuide, label: id.features.guide, icon: 'book' },
  // Cancelled orders and, above them, the requests waiting for a decision.
  { to: paths.listCancel, label: id.features.cancel, icon: 'cancel', badge: 'cancel' },
];

/** Home: greeting, active store, order counts per status, entry to every feature. */
export default function HomeRoute() {
  // Deferred: when /members/me answers, the screen fills in as a transition, rendered in
  // slices, rather than in one long task that blocks a slow phone.
  const member = useDeferredValue(useMe().data);
  const queryClient = useQueryClient();
  const openModal = useModalStore((s) => s.openModal);
  // The auth check renders the page while /members/me is on its way: its frame at once.
  if (!member) return <HomeSkeleton />;

  const role = member.roleID as RoleId;
  const features = FEATURES.filter((f) => !f.minRole || hasRoleAtLeast(role, f.minRole));
  const canDecidePod = hasRoleAtLeast(role, ROLE.STORE_CHIEF);
  const badged = features.flatMap((f) => (f.badge ? [f.badge] : []));
  const refresh = () =>
    Promise.all([
      queryClient.refetchQueries({ queryKey: orderKeys.count(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: memberKeys.me(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: podKeys.count(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: cancelKeys.count(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: bookingKeys.count(), type: 'active' }),
      queryClient.refetchQueries({ queryKey: transferKeys.count(), type: 'active' }),
    ]);
  const openStoreInfo = () => openModal({ type: 'store-info', title: membersText.store.infoTitle });

  return (
    <PullToRefresh onRefresh={refresh}>
      <header className="bg-brand-700 px-4 pt-[calc(1rem+env(safe-area-inset-top))] pb-6">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <MemberGreeting member={member} />
          </div>
          {member.store ? (
            <button
              type="button"
              onClick={openStoreInfo}
              aria-label={membersText.account.storeInfo}
              className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10"
            >
              <Icon name="store" />
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => void refresh()}
            aria-label={id.common.refresh}
            className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10"
          >
            <Icon name="refresh" />
          </button>
        </div>
      </header>
      {/* Banners, the toast and the connection pill have their place under the greeting, sticky, in
          the flow: they push the screen down instead of lying over the tiles. */}
      <NoticeDock className="sticky top-0 z-20 [&:has(>*>*>:not(:empty))]:pb-5" />

      <div className="-mt-3 flex flex-col gap-6 rounded-t-3xl bg-slate-50 p-4">
        {canDecidePod && member.store ? (
          // One fixed place, kept while the notice's code and count load: nothing below it moves.
          <div className="h-16">
            <Suspense fallback={<Skeleton className="h-full w-full rounded-2xl" />}>
              <PodPendingNotice storeCode={member.store.storeCode} />
            </Suspense>
          </div>
        ) : null}
        <section aria-labelledby="orders-heading" className="flex flex-col gap-3">
          <h2 id="orders-heading" className="text-base font-semibold text-slate-900">
            {id.home.ordersTitle}
          </h2>
          {member.store ? (
            <OrderCountTiles />
          ) : (
            <NoStoreState member={member} />
          )}
        </section>

        <section aria-labelledby="features-heading" className="flex flex-col gap-3">
          <h2 id="features-heading" className="text-base font-semibold text-slate-900">
            {id.home.featuresTitle}
          </h2>
          <ul className="grid grid-cols-3 gap-3">
            {features.map((f) => (
              <li key={f.to}>
                <Link
                  to={f.badge === 'pod' && member.store ? podQueueOf(member.store.storeCode) : f.to}
                  data-testid={f.badge ? `feature-${f.badge}` : undefined}
                  className="relative flex min-h-24 flex-col items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white p-2 text-center text-xs font-medium text-slate-800 shadow-sm active:bg-slate-100"
                >
                  {f.badge && member.store ? (
                    // One badge per idle task: mounted together, their count requests were one long task.
                    <AfterFirstPaint turn={badged.indexOf(f.badge)}>
                      <Suspense fallback={null}>
                        <FeatureBadge badge={f.badge} storeCode={member.store.storeCode} />
                      </Suspense>
                    </AfterFirstPaint>
                  ) : null}
                  <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <Icon name={f.icon} />
                  </span>
                  {f.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PullToRefresh>
  );
}

/** The POD queue of the store home counts (the queue alone covers every store of the caller). */
const podQueueOf = (storeCode: string) => `${paths.listPengajuanPod}?storeCode=${encodeURIComponent(storeCode)}`;

/** A feature tile's count of what waits in the active store, each from its area (loaded with the tile). */
function FeatureBadge({ badge, storeCode }: { badge: Badge; storeCode: string }) {
  if (badge === 'pod') return <PodPendingBadge storeCode={storeCode} />;
  if (badge === 'cancel') return <CancelPendingBadge storeCode={storeCode} />;
  if (badge === 'booking') return <BookingRequestBadge storeCode={storeCode} />;
  if (badge === 'mat') return <MatIncomingBadge />;
  return <ReturnOpenBadge storeCode={storeCode} />;
}

/** The home screen's frame before the member is known: header, section titles, placeholders. */
function HomeSkeleton() {
  return (
    <div>
      <header className="bg-brand-700 px-4 pt-[calc(1rem+env(safe-area-inset-top))] pb-6">
        <div className="flex min-h-[4.25rem] flex-col justify-center gap-2" aria-hidden="true">
          <div className="h-4 w-28 animate-pulse rounded bg-white/25" />
          <div className="h-6 w-48 animate-pulse rounded bg-white/25" />
        </div>
      </header>
      <div className="-mt-3 flex flex-col gap-6 rounded-t-3xl bg-slate-50 p-4">
        <section className="flex flex-col gap-3">
          <h2 className="text-base font-semibold text-slate-900">{id.home.ordersTitle}</h2>
          <OrderCountTiles enabled={false} />
        </section>
        <section className="flex flex-col gap-3">
          <h2 className="text-base font-semibold text-slate-900">{id.home.featuresTitle}</h2>
          <div className="grid grid-cols-3 gap-3">
            {FEATURES.slice(0, 9).map((f) => (
              <Skeleton key={f.to} className="h-24 rounded-2xl" />
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
