import { useSyncExternalStore } from 'react';
import { deviceOnline } from '../bridge/native-network';

function subscribe(callback: () => void): () => void {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Whether the phone is online, as React state: the native host's word when it gives one, else navigator.onLine. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, deviceOnline, () => true);
}
