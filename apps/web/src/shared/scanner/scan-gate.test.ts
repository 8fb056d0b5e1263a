import { describe, expect, it } from 'vitest';
import { CAMERA_ABSENT_FRAMES, CAMERA_ABSENT_MS, createCameraScanGate } from './scan-gate';

/** Frames every 120 ms from `from`, each showing `codes`; answers every code counted. */
function frames(gate: ReturnType<typeof createCameraScanGate>, shown: ReadonlyArray<readonly string[]>, from = 0, step = 120): string[] {
  return shown.flatMap((codes, i) => gate.frame(codes, from + i * step));
}

describe('camera scan gate', () => {
  it('counts a code held in view once, however many frames show it (a still code may drop out of a frame or two)', () => {
    const gate = createCameraScanGate();
    const held = Array.from({ length: 40 }, (_, i) => (i % 7 === 3 || i % 11 === 5 ? [] : ['A']));
    expect(frames(gate, held)).toEqual(['A']);
  });

  it('counts it again once it has left the view: absent from 3 frames in a row and for 350 ms', () => {
    expect([CAMERA_ABSENT_FRAMES, CAMERA_ABSENT_MS]).toEqual([3, 350]);
    const gate = createCameraScanGate();
    // In view, away for three frames (0.48 s), back: the next unit.
    expect(frames(gate, [['A'], ['A'], [], [], [], ['A'], ['A']])).toEqual(['A', 'A']);
    // Three identical units, each brought into view and taken away.
    const three = createCameraScanGate();
    expect(frames(three, [['A'], [], [], [], ['A'], [], [], [], ['A']])).toEqual(['A', 'A', 'A']);
  });

  it('needs both: three quick misses (a fast decoder) or one long miss (a slow phone) are not a second unit', () => {
    const fast = createCameraScanGate();
    // 40 ms frames: three misses span 120 ms only.
    expect(frames(fast, [['A'], [], [], [], ['A']], 0, 40)).toEqual(['A']);
    const slow = createCameraScanGate();
    // One frame missed, 800 ms between the two sightings.
    expect([...slow.frame(['A'], 0), ...slow.frame([], 400), ...slow.frame(['A'], 800)]).toEqual(['A']);
  });

  it('keeps codes apart, counts each code of one frame, and forgets everything on reset', () => {
    const gate = createCameraScanGate();
    expect(gate.frame(['A', 'B'], 0)).toEqual(['A', 'B']);
    expect(gate.frame(['B', 'C'], 120)).toEqual(['C']);
    expect(gate.frame(['A', 'A'], 240)).toEqual([]);
    gate.reset();
    expect(gate.frame(['A'], 360)).toEqual(['A']);
  });
});
