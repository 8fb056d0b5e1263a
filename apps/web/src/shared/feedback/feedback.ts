/**
 * Sounds and vibration for the shop floor, generated with WebAudio (no audio file
 * to download or cache). Browsers only let a page make sound after a user gesture,
 * so `unlockAudio` is called from the first tap anywhere (installAudioUnlock).
 */
export type Tone = 'success' | 'error' | 'new-order' | 'escalation';

interface Note {
  /** Hz */
  freq: number;
  /** seconds from the start of the tone */
  at: number;
  /** seconds */
  duration: number;
  type: OscillatorType;
  gain: number;
}

/**
 * Distinct shapes a crew member can tell apart without looking:
 * success — one short high beep; error — two low buzzes; new order — a rising chime;
 * escalation (an order still unclaimed) — an insistent high-low alarm, three times.
 */
export const TONES: Record<Tone, readonly Note[]> = {
  success: [{ freq: 1568, at: 0, duration: 0.09, type: 'sine', gain: 0.35 }],
  error: [
    { freq: 196, at: 0, duration: 0.16, type: 'sawtooth', gain: 0.3 },
    { freq: 165, at: 0.22, duration: 0.22, type: 'sawtooth', gain: 0.3 },
  ],
  'new-order': [
    { freq: 660, at: 0, duration: 0.14, type: 'triangle', gain: 0.4 },
    { freq: 880, at: 0.16, duration: 0.14, type: 'triangle', gain: 0.4 },
    { freq: 1320, at: 0.32, duration: 0.26, type: 'triangle', gain: 0.4 },
  ],
  escalation: [0, 0.4, 0.8].flatMap((at) => [
    { freq: 1175, at, duration: 0.16, type: 'square' as const, gain: 0.3 },
    { freq: 880, at: at + 0.18, duration: 0.16, type: 'square' as const, gain: 0.3 },
  ]),
};

export const VIBRATION: Record<Tone, number | number[]> = {
  success: 40,
  error: [120, 80, 120],
  'new-order': [200, 100, 200],
  escalation: [400, 150, 400, 150, 400],
};

type AudioContextCtor = typeof AudioContext;
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  if (typeof window === 'undefined') return null;
  const Ctor: AudioContextCtor | undefined = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Resumes the audio context inside a user gesture (required by mobile browsers). */
export function unlockAudio(): void {
  const ctx = audioContext();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => {});
}

/** Unlocks audio on the first tap or key press anywhere; returns the uninstaller. */
export function installAudioUnlock(): () => void {
  if (typeof window === 'undefined') return () => {};
  const unlock = () => {
    unlockAudio();
    if (context?.state === 'running') remove();
  };
  const remove = () => {
    window.removeEventListener('pointerdown', unlock, true);
    window.removeEventListener('keydown', unlock, true);
  };
  window.addEventListener('pointerdown', unlock, true);
  window.addEventListener('keydown', unlock, true);
  return remove;
}

export function playTone(tone: Tone): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  try {
    const start = ctx.currentTime + 0.01;
    for (const note of TONES[tone]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.type;
      osc.frequency.value = note.freq;
      // Short attack and release: no clicks.
      const t0 = start + note.at;
      const t1 = t0 + note.duration;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(note.gain, t0 + 0.01);
      gain.gain.setValueAtTime(note.gain, Math.max(t0 + 0.01, t1 - 0.03));
      gain.gain.exponentialRampToValueAtTime(0.0001, t1);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t1 + 0.02);
    }
  } catch {
    // A sound is a courtesy: never let it break the flow.
  }
}

export function vibrate(tone: Tone): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION[tone]);
  } catch {
    // Some webviews throw instead of ignoring.
  }
}

/** Sound and vibration together. */
export function signal(tone: Tone): void {
  playTone(tone);
  vibrate(tone);
}
