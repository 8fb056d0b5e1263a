import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/shared/utils/when-idle';

/**
 * What a screen shows below the fold, mounted in an idle task of its own after the screen's first
 * render with its data (decision 136's idle slices, for a detail): that render, its commit and its
 * layout were one long task (the order detail 107–323 ms, scan and go 242 ms at 4× CPU). Only for
 * content under the first 640 px or under the action bar, so nothing on screen moves when it arrives.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [due, setDue] = useState(false);
  useEffect(() => (due ? undefined : whenIdle(() => setDue(true))), [due]);
  return due ? children : null;
}
