import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs` (ages such as "12 menit lalu" keep moving). */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
