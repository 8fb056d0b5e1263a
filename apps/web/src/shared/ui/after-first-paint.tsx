import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/shared/utils/when-idle';

/**
 * What a screen shows below the fold, mounted in an idle task of its own after the screen's first
 * render with its data (decision 136's idle slices, for a detail): that render, its commit and its
 * layout were one long task (the order detail 107–323 ms, scan and go 242 ms at 4× CPU). Only for
 * content under the first 640 px or under the action bar, or that takes no room (a tile's badge), so
 * nothing on screen moves when it arrives. `turn` waits that many idle tasks more: blocks given turns
 * 0, 1, 2… mount one per idle task, each with its own commit and the fetches its queries start.
 */
export function AfterFirstPaint({ children, turn = 0 }: { children: ReactNode; turn?: number }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (due) return;
    let cancel = () => {};
    const wait = (left: number) => {
      cancel = whenIdle(() => (left > 0 ? wait(left - 1) : setDue(true)));
    };
    wait(turn);
    return () => cancel();
  }, [due, turn]);
  return due ? children : null;
}
