import { id } from '@/shared/i18n/id';
import { PageSkeleton } from '@/shared/ui/skeleton';
import { TitleBar } from '@/shared/ui/title-bar';
import { useRouteHandle } from '../route-handle';

/**
 * A screen before its code has arrived: its title bar with the route's title (the back button's
 * space kept, the button itself comes with the screen) over the skeleton. The crew sees at once
 * which screen is opening, and the title is painted with the shell, not a round trip later.
 */
export function RouteSkeleton() {
  const handle = useRouteHandle();
  const bar = handle?.titleBar ?? 'back';
  return (
    <>
      {handle && bar !== 'none' ? (
        <div className="sticky top-0 z-20 shadow-sm">
          <TitleBar title={handle.title} leading={<span className={bar === 'back' ? 'size-11 shrink-0' : 'w-3'} />} />
        </div>
      ) : null}
      <PageSkeleton label={id.common.loading} />
    </>
  );
}
