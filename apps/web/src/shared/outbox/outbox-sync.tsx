import { useEffect } from 'react';
import { useOutbox } from './outbox-context';

/**
 * Lets the outbox send for the signed-in member, and sends at once when the phone says the
 * connection is back or the app comes to the front again.
 */
export function OutboxSync({ owner }: { owner: string }) {
  const outbox = useOutbox();
  useEffect(() => {
    outbox.setOwner(owner);
    return () => outbox.setOwner(null);
  }, [outbox, owner]);
  useEffect(() => {
    const now = () => outbox.retryNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') now();
    };
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [outbox]);
  return null;
}
