import type { ReactNode } from 'react';

/**
 * A screen's title bar: what comes before the title (the back button, or its space), the title and
 * the screen's actions. The page header's, and the shell's while a screen's code is on its way
 * (app/layouts/route-skeleton.tsx), so the title stands in the same place before and after.
 */
export function TitleBar({ title, leading, actions }: { title: string; leading: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex min-h-14 items-center gap-1 bg-brand-700 px-1 pt-[env(safe-area-inset-top)] text-white">
      {leading}
      <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">{title}</h1>
      {actions ? <div className="flex items-center">{actions}</div> : null}
    </header>
  );
}
