import type { Member } from '@gerai/contract';
import { id } from '@/shared/i18n/id';
import { timeOfDay } from '@/shared/utils/format';

/** "Selamat pagi, Budi" by the hour in WIB, with the active store underneath. */
export function MemberGreeting({ member, now = new Date() }: { member: Member; now?: Date }) {
  const greeting = id.home.greeting[timeOfDay(now)];
  return (
    <div className="min-w-0">
      <p className="text-sm text-white/80">{greeting},</p>
      <h1 className="truncate text-xl font-bold text-white" data-testid="member-name">
        {member.employeName}
      </h1>
      {member.store ? (
        <p className="mt-1 truncate text-sm text-white/90" data-testid="active-store">
          {member.storeName ?? member.store.storeName} · {member.store.storeCode}
        </p>
      ) : null}
    </div>
  );
}
