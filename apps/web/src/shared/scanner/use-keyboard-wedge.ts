import { useEffect, useRef } from 'react';
import { createWedgeDetector, isEditableTarget } from './keyboard-wedge';

/** Listens for a hardware scanner anywhere on the page while `enabled`. */
export function useKeyboardWedge(onScan: (code: string) => void, enabled = true): void {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const detector = createWedgeDetector({ onScan: (code) => onScanRef.current(code) });
    const onKeyDown = (e: KeyboardEvent) => {
      const completed = detector.handleKey({
        key: e.key,
        timeStamp: e.timeStamp,
        editable: isEditableTarget(e.target),
        ctrlKey: e.ctrlKey,
        altKey: e.altKey,
        metaKey: e.metaKey,
      });
      // The Enter that ends a scan must not also press the focused button.
      if (completed) e.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [enabled]);
}
