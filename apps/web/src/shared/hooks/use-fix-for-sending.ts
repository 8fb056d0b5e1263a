import { useEffect, useRef, useState } from 'react';
import { signal } from '@/shared/feedback/feedback';
import type { LocationFix } from '@/shared/utils/location';
import type { DeviceLocation } from './use-device-location';

/**
 * A fix the crew took on purpose just before ("Ambil lokasi", "Ambil lokasi lagi") and not sent
 * yet is used when this recent; a fix already sent never is (the crew may have walked closer
 * after a refusal).
 */
const TAKEN_FIX_REUSE_MS = 30_000;

/**
 * The send button takes the position (decision 85), for scan and go and the return POD: a fix
 * the crew took on purpose less than 30 s ago and never sent is reused, else `locateNew` takes
 * one. `takeFixToSend` resolves the fix to send, or null: a send already running, the screen
 * left meanwhile (nothing is sent behind the crew's back), or no position (`failedOnSend`, so
 * the screen says why and offers "Coba lagi"; never sent without one).
 */
export function useFixForSending(location: DeviceLocation, locateNew: () => Promise<LocationFix | null>) {
  const [takingFix, setTakingFix] = useState(false);
  const [failedOnSend, setFailedOnSend] = useState(false);
  const sending = useRef(false);
  const sentFix = useRef<LocationFix | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const takeFixToSend = async (): Promise<LocationFix | null> => {
    if (sending.current) return null;
    sending.current = true;
    setFailedOnSend(false);
    setTakingFix(true);
    const reusable = location.status === 'ready' && location.fix !== sentFix.current && Date.now() - location.fix.at < TAKEN_FIX_REUSE_MS;
    const fix = reusable ? location.fix : await locateNew();
    sending.current = false;
    if (!mounted.current) return null;
    setTakingFix(false);
    if (!fix) {
      signal('error');
      setFailedOnSend(true);
      return null;
    }
    sentFix.current = fix;
    return fix;
  };

  return { takingFix, failedOnSend, setFailedOnSend, isSending: () => sending.current, takeFixToSend };
}
