import { useCallback, useEffect, useRef, useState } from 'react';
import { acquireLocation, type LocationFailure, type LocationFix } from '../utils/location';

export type DeviceLocation =
  | { status: 'idle' }
  | { status: 'locating'; previous: LocationFix | null }
  | { status: 'ready'; fix: LocationFix }
  | { status: 'error'; reason: LocationFailure; message: string; accuracy: number | null };

/**
 * The crew's position as screen state: idle → locating → ready | error (with an
 * Indonesian message and a retry). `locate()` resolves with the fix (or null) so
 * a submit can wait for it; a retry after a failure asks for a fresh fix.
 * `maxAccuracyM` is the server's (app-config): a poorer fix is refused here.
 */
export function useDeviceLocation(maxAccuracyM: number) {
  const [state, setState] = useState<DeviceLocation>({ status: 'idle' });
  const stateRef = useRef(state);
  const inFlight = useRef<Promise<LocationFix | null> | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const set = (next: DeviceLocation) => {
    stateRef.current = next;
    if (mounted.current) setState(next);
  };

  const locate = useCallback(
    (fresh?: boolean): Promise<LocationFix | null> => {
      if (inFlight.current) return inFlight.current;
      const current = stateRef.current;
      const previous = current.status === 'ready' ? current.fix : null;
      set({ status: 'locating', previous });
      const run = acquireLocation({ maxAccuracyM, fresh: fresh ?? current.status !== 'idle' }).then((outcome) => {
        inFlight.current = null;
        if (outcome.ok) {
          set({ status: 'ready', fix: outcome.fix });
          return outcome.fix;
        }
        set({ status: 'error', reason: outcome.reason, message: outcome.message, accuracy: outcome.accuracy });
        return null;
      });
      inFlight.current = run;
      return run;
    },
    [maxAccuracyM],
  );

  return { state, locate };
}
