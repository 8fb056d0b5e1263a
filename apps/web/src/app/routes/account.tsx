import { Link } from 'react-router';
import { outboxText } from '@/shared/i18n/outbox';
import { useCurrentAppVersion } from '@/features/app-config/components/force-update-gate';
import { useMe } from '@/features/members/api/get-me';
import { ProfileCard } from '@/features/members/components/profile-card';
import { canChooseStore } from '@/features/members/utils/store-access';
import { NotificationSection } from '@/features/push/components/notification-section';
import { WEB_APP_VERSION } from '@/shared/config/app';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import { useModalStore } from '@/shared/modal/modal-store';
import { Button } from '@/shared/ui/button';
import { Icon, type IconName } from '@/shared/ui/icons';
import { usePendingActions } from '@/shared/outbox/outbox-context';
import { PageHeader } from '@/shared/ui/page-header';
import { useSignOut } from '../use-sign-out';

function MenuLink({ to, icon, label }: { to: string; icon: IconName; label: string }) {
  return (
    <Link to={to} className="flex min-h-12 items-center gap-3 px-4 py-2 text-slate-800 active:bg-slate-100">
      <Icon name={icon} className="size-5 text-brand-700" />
      <span className="flex-1">{label}</span>
      <Icon name="chevronRight" className="size-5 text-slate-400" />
    </Link>
  );
}

/** /akun: profile, store info, store switch (supervisors), notifications, app version, sign out. */
export default function AccountRoute() {
  const member = useMe().data;
  const openModal = useModalStore((s) => s.openModal);
  const { signOut, isPending } = useSignOut();
  const pending = usePendingActions();
  // Actions not yet on the server are never left behind unsaid: the list says what signing out means for them.
  const requestSignOut = () =>
    pending.length
      ? openModal({ type: 'pending-actions', title: outboxText.logoutTitle, actionsType: 'logout', payload: { intent: 'logout' } })
      : signOut();
  const version = useCurrentAppVersion();
  if (!member) return null;

  return (
    <>
      <PageHeader title={id.routes.akun} back={false} />
      <div className="flex flex-col gap-4 p-4">
        <ProfileCard member={member} />

        <div className="flex flex-col gap-2">
          <Button
            variant="secondary"
            icon={<Icon name="store" className="size-5" />}
            onClick={() => openModal({ type: 'store-info', title: membersText.store.infoTitle })}
            disabled={!member.store}
          >
            {membersText.account.storeInfo}
          </Button>
          {canChooseStore(member) ? (
            <Button
              variant="secondary"
              icon={<Icon name="refresh" className="size-5" />}
              onClick={() => openModal({ type: 'super-user', title: membersText.picker.title })}
              data-testid="change-store"
            >
              {membersText.account.changeStore}
            </Button>
          ) : null}
        </div>

        <section aria-labelledby="app-heading" className="overflow-hidden rounded-2xl bg-white shadow-sm">
          <h2 id="app-heading" className="px-4 pt-4 pb-2 text-sm font-semibold text-slate-500 uppercase">
            {membersText.account.appSection}
          </h2>
          <MenuLink to={paths.featureGuide} icon="book" label={membersText.account.guide} />
          <MenuLink to={paths.helpCenter()} icon="help" label={membersText.account.helpCenter} />
          <dl className="border-t border-slate-100 px-4 py-3 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-500">{id.app.webVersionLabel}</dt>
              <dd className="font-medium text-slate-900" data-testid="app-version">
                {WEB_APP_VERSION}
              </dd>
            </div>
            {version.native ? (
              <div className="mt-1 flex justify-between">
                <dt className="text-slate-500">{id.app.nativeVersionLabel}</dt>
                <dd className="font-medium text-slate-900">{version.version}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        {/* Its height is known only once this phone's state is read: last but sign-out, so it moves nothing in view. */}
        <NotificationSection />

        <Button variant="danger" onClick={requestSignOut} loading={isPending} icon={<Icon name="logout" className="size-5" />} data-testid="logout-button">
          {id.auth.logout}
        </Button>
      </div>
    </>
  );
}
