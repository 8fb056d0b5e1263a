import { describe, expect, it, vi } from 'vitest';
import { createWedgeDetector, isEditableTarget } from './keyboard-wedge';

/** Types `text` then Enter, `gap` ms between keys, starting at `start`. */
function type(detector: ReturnType<typeof createWedgeDetector>, text: string, { gap = 8, start = 1000, editable = false } = {}) {
  let t = start;
  const results: boolean[] = [];
  for (const key of [...text, 'Enter']) {
    results.push(detector.handleKey({ key, timeStamp: t, editable }));
    t += gap;
  }
  return results;
}

describe('keyboard wedge (hardware scanner typing like a keyboard)', () => {
  it('takes fast keys ending with Enter as one scan and asks to swallow the Enter', () => {
    const onScan = vi.fn();
    const detector = createWedgeDetector({ onScan });
    const results = type(detector, '8991234567895');
    expect(onScan).toHaveBeenCalledExactlyOnceWith('8991234567895');
    expect(results.at(-1)).toBe(true);
    expect(results.slice(0, -1).every((r) => r === false)).toBe(true);
  });

  it('ignores a person typing (slow keys) and short bursts', () => {
    const onScan = vi.fn();
    const detector = createWedgeDetector({ onScan });
    type(detector, '8991234567895', { gap: 180 });
    type(detector, '12', { start: 10_000 });
    expect(onScan).not.toHaveBeenCalled();
  });

  it('starts over after a pause: only the fast run at the end counts', () => {
    const onScan = vi.fn();
    const detector = createWedgeDetector({ onScan });
    detector.handleKey({ key: 'x', timeStamp: 0 });
    type(detector, '12345678', { start: 500 });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('12345678');
  });

  it('leaves keys typed into a text field to that field', () => {
    const onScan = vi.fn();
    const detector = createWedgeDetector({ onScan });
    type(detector, '8991234567895', { editable: true });
    expect(onScan).not.toHaveBeenCalled();
  });

  it('accepts a Tab suffix and Shift between characters (QR text with capitals)', () => {
    const onScan = vi.fn();
    const detector = createWedgeDetector({ onScan });
    let t = 0;
    for (const key of ['Shift', 'G', 'E', 'R', 'A', 'I', ':', '1', 'Tab']) detector.handleKey({ key, timeStamp: (t += 5) });
    expect(onScan).toHaveBeenCalledExactlyOnceWith('GERAI:1');
  });

  it('knows which targets are editable', () => {
    expect(isEditableTarget(document.createElement('input'))).toBe(true);
    expect(isEditableTarget(document.createElement('textarea'))).toBe(true);
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isEditableTarget(checkbox)).toBe(false);
    expect(isEditableTarget(document.createElement('button'))).toBe(false);
    expect(isEditableTarget(document.body)).toBe(false);
  });
});
