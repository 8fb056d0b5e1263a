/**
 * Hardware scanners in "keyboard wedge" mode type the code as very fast key
 * presses ending with Enter (or Tab). People type far slower, so a run of
 * printable keys with short gaps, long enough to be a code, ending in Enter is a
 * scan. Keys typed into a text field are left to that field.
 */
export interface WedgeOptions {
  onScan: (code: string) => void;
  /** Longest pause between two keys of one scan (ms). Scanners: ~5–30 ms; people: 100+ ms. */
  maxGapMs?: number;
  /** Shortest code accepted (EAN-8 is 8; internal codes may be shorter). */
  minLength?: number;
}

export interface WedgeKey {
  key: string;
  /** ms, monotonic (KeyboardEvent.timeStamp) */
  timeStamp: number;
  /** True when the key went to an editable element (input, textarea, contenteditable). */
  editable?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export interface WedgeDetector {
  /** Feeds one key press; returns true when it completed a scan (the caller should preventDefault). */
  handleKey: (key: WedgeKey) => boolean;
  reset: () => void;
}

export function createWedgeDetector({ onScan, maxGapMs = 50, minLength = 4 }: WedgeOptions): WedgeDetector {
  let buffer = '';
  let last = -Infinity;

  const reset = () => {
    buffer = '';
    last = -Infinity;
  };

  return {
    reset,
    handleKey({ key, timeStamp, editable, ctrlKey, altKey, metaKey }) {
      if (editable || ctrlKey || altKey || metaKey) {
        reset();
        return false;
      }
      const gap = timeStamp - last;
      if (key === 'Enter' || key === 'Tab') {
        const code = buffer;
        const fast = gap <= maxGapMs;
        reset();
        if (fast && code.length >= minLength) {
          onScan(code);
          return true;
        }
        return false;
      }
      if (key.length !== 1) {
        // Shift and other modifiers come between characters of some scanners: ignore them.
        if (key === 'Shift') return false;
        reset();
        return false;
      }
      // A slow key starts a new candidate run with itself.
      buffer = gap <= maxGapMs ? buffer + key : key;
      last = timeStamp;
      return false;
    },
  };
}

export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || !(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(target.type);
  }
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || (target as HTMLElement).isContentEditable === true;
}
