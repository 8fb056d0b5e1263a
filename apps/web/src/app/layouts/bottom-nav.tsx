import { Link, useLocation } from 'react-router';
import { paths } from '@/shared/config/paths';
import { id } from '@/shared/i18n/id';
import { Icon, type IconName } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';

const ITEMS: ReadonlyArray<{ to: string; label: string; icon: IconName; match: (pathname: string) => boolean }> = [
  { to: paths.home, label: id.nav.home, icon: 'home', match: (p) => p === '/' },
  {
    to: paths.order,
    label: id.nav.orders,
    icon: 'orders',
    match: (p) => p.startsWith('/order') || (p.startsWith('/list-') && !p.startsWith('/list-pengajuan-pod')) || p.startsWith('/history'),
  },
  { to: paths.cekStock, label: id.nav.stock, icon: 'stock', match: (p) => p.startsWith('/cek-stock') },
  { to: paths.akun, label: id.nav.account, icon: 'user', match: (p) => p.startsWith('/akun') },
];

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={id.nav.label}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-md border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="grid grid-cols-4">
        {ITEMS.map((item) => {
          const active = item.match(pathname);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex min-h-16 flex-col items-center justify-center gap-0.5 text-xs font-medium',
                  active ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800',
                )}
              >
                <Icon name={item.icon} className="size-6" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
