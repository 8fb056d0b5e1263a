import type { MouseEvent } from 'react';
import { refreshSession } from '@/shared/api/client';
import { notifySessionExpired, session } from '@/shared/api/session';
import { t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';

/**
 * "Unduh CSV": a plain download link, so the browser (or the native webview's download handler)
 * fetches the file with the session cookie. The cookie's access token lives minutes: when it is
 * about to lapse the session is refreshed first and the same address then opened.
 */
export function CsvLink({ href, title, testId }: { href: string; title: string; testId: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!session.expiresSoon()) return;
    event.preventDefault();
    void refreshSession()
      .catch(() => 'refreshed' as const)
      .then((outcome) => {
        if (outcome === 'expired') notifySessionExpired();
        else window.location.assign(href);
      });
  };
  return (
    <a
      href={href}
      download
      onClick={onClick}
      aria-label={t(recapText.downloadLabel, { title })}
      className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-xl border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 print:hidden"
      data-testid={testId}
    >
      {recapText.download}
    </a>
  );
}
