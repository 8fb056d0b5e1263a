import type { Member } from '@gerai/contract';
import { ROLE_LABEL } from '@/shared/i18n/id';
import { membersText } from '@/shared/i18n/members';
import { roleLabel } from '../utils/store-access';

export function ProfileCard({ member }: { member: Member }) {
  const rows: Array<[string, string, string]> = [
    [membersText.account.name, member.employeName, 'profile-name'],
    [membersText.account.nik, member.nik, 'profile-nik'],
    [membersText.account.role, roleLabel(member, ROLE_LABEL), 'profile-role'],
    [membersText.account.store, member.store ? `${member.storeName ?? member.store.storeName} (${member.store.storeCode})` : membersText.account.noStore, 'profile-store'],
  ];
  return (
    <section aria-labelledby="profile-heading" className="rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="profile-heading" className="mb-2 text-sm font-semibold text-slate-500 uppercase">
        {membersText.account.profile}
      </h2>
      <dl>
        {rows.map(([label, value, testId]) => (
          <div key={label} className="flex items-baseline justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="text-right font-medium text-slate-900" data-testid={testId}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
