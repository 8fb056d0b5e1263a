import { useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { id } from '../i18n/id';
import { cn } from '../utils/cn';
import { Icon } from './icons';
import { NoticeDock, usePageTop } from './notice-dock';
import { TitleBar } from './title-bar';

/** Where this entry sits in the tab's history (0: the app was opened here). */
const historyIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/** Goes back in the app's history, or to `fallback` (home) when the page was opened directly. */
export function useGoBack(fallback = '/') {
  const leave = useLeave();
  return () => leave(fallback);
}

/**
 * Leaves a screen whose work is done (a decision made, a request sent): back to where the person
 * came from, so back from there does not return to the finished form; opened directly, to `to`.
 */
export function useLeave() {
  const navigate = useNavigate();
  return (to: string) => {
    if (historyIndex() > 0) navigate(-1);
    else navigate(to, { replace: true });
  };
}

/**
 * A screen's title bar with the back button, and under it the notice dock (live banners, the toast,
 * the connection pill): one sticky block, so nothing that arrives lies over the title, the back
 * button or the screen's controls.
 */
export function PageHeader({ title, back = true, backTo, actions }: { title: string; back?: boolean; backTo?: string; actions?: ReactNode }) {
  const goBack = useGoBack(backTo);
  const block = useRef<HTMLDivElement>(null);
  usePageTop(block);
  return (
    <div ref={block} className="sticky top-0 z-20 shadow-sm" data-testid="page-header">
      <TitleBar
        title={title}
        actions={actions}
        leading={
          back ? (
            <button
              type="button"
              onClick={goBack}
              aria-label={id.common.back}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
            >
              <Icon name="back" />
            </button>
          ) : (
            <span className="w-3" />
          )
        }
      />
      <NoticeDock />
    </div>
  );
}

/** The header's refresh button (a list's or a page's "read again"), spinning while `spinning`. */
export function HeaderRefresh({ onRefresh, label, spinning = false, testId }: { onRefresh: () => unknown; label: string; spinning?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      onClick={() => void onRefresh()}
      aria-label={label}
      className="inline-flex size-11 items-center justify-center rounded-full hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      data-testid={testId}
    >
      <Icon name="refresh" className={cn('size-6', spinning && 'animate-spin')} />
    </button>
  );
}
