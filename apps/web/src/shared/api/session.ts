import { TOKEN_REFRESH_MARGIN_SECONDS } from '../config/app';

/**
 * What the web knows about its session. The tokens themselves live in HttpOnly
 * cookies (at, rt) the page cannot read; we keep only the access token's expiry
 * (server epoch seconds) to refresh shortly before it lapses, plus the offset
 * between the server's clock and this device's, since phone clocks drift.
 */
const STORAGE_KEY = 'gerai.session';

interface Stored {
  tokenExp: number;
  skewMs: number;
}

let state: Stored | null = read();
let expiredHandler: (() => void) | null = null;

function read(): Stored | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return typeof parsed.tokenExp === 'number' ? { tokenExp: parsed.tokenExp, skewMs: Number(parsed.skewMs) || 0 } : null;
  } catch {
    return null;
  }
}

function write(value: Stored | null): void {
  try {
    if (value) globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
    else globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be disabled in some webviews; memory is enough.
  }
}

export const session = {
  /** Called after login and every refresh; `serverDate` is the reply's Date header. */
  setTokenExp(tokenExp: number, serverDate?: string | null): void {
    const serverMs = serverDate ? Date.parse(serverDate) : Number.NaN;
    const skewMs = Number.isNaN(serverMs) ? 0 : serverMs - Date.now();
    state = { tokenExp, skewMs };
    write(state);
  },
  tokenExp(): number | null {
    return state?.tokenExp ?? null;
  },
  /** True when the access token expires within the margin (server time). */
  expiresSoon(marginSeconds = TOKEN_REFRESH_MARGIN_SECONDS): boolean {
    if (!state) return false;
    const serverNow = Date.now() + state.skewMs;
    return serverNow >= (state.tokenExp - marginSeconds) * 1000;
  },
  clear(): void {
    state = null;
    write(null);
  },
};

/** The app decides what "session expired" does (clear caches, go to /login). */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  expiredHandler = handler;
}

export function notifySessionExpired(): void {
  session.clear();
  expiredHandler?.();
}
