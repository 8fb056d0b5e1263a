import { locationText } from '../i18n/location';
import { randomId } from '../utils/random-id';

/**
 * The one module that talks to a native webview host. Three host styles are
 * understood, in this order:
 *  1. `window.GeraiNative` — an injected object (Android addJavascriptInterface
 *     style); methods return a value, a JSON string or a Promise.
 *  2. `window.flutter_inappwebview.callHandler(action, payload)` — Promise based.
 *  3. `window.ReactNativeWebView.postMessage(json)` — request
 *     `{ source: 'gerai-web', id, action, payload }`; the host answers with a
 *     message event carrying `{ source: 'gerai-native', id, ok, data?, error? }`.
 * Without a host every feature falls back to web APIs (or reports it cannot).
 */

export type NativeAction = 'getAppVersion' | 'scanBarcode' | 'getLocation' | 'logout' | 'openAppUpdate' | 'setPendingActions' | 'print' | 'getPushToken';

interface GeraiNativeHost {
  getAppVersion?: () => unknown;
  scanBarcode?: () => unknown;
  getLocation?: () => unknown;
  logout?: () => unknown;
  openAppUpdate?: () => unknown;
  /** How many crew actions wait on the phone: the host keeps the webview alive while any do. */
  setPendingActions?: (count: number) => unknown;
  /** Prints the page as its print CSS lays it out (only the open sheet): a NativePrintJob as JSON text. */
  print?: (job: string) => unknown;
  /** The host's own push token (FCM registration token; on iOS FCM's, which carries APNs): a string, or { token }. */
  getPushToken?: () => unknown;
}

declare global {
  interface Window {
    GeraiNative?: GeraiNativeHost;
    /** Static facts a host may inject before the page loads. */
    GeraiNativeInfo?: { appVersion?: string; online?: boolean };
    ReactNativeWebView?: { postMessage: (message: string) => void };
    flutter_inappwebview?: { callHandler: (name: string, ...args: unknown[]) => Promise<unknown> };
  }
}

export type HostKind = 'gerai' | 'flutter' | 'react-native';

export function detectHost(): HostKind | null {
  if (typeof window === 'undefined') return null;
  if (window.GeraiNative) return 'gerai';
  if (window.flutter_inappwebview?.callHandler) return 'flutter';
  if (window.ReactNativeWebView?.postMessage) return 'react-native';
  return null;
}

export function isNativeHost(): boolean {
  return detectHost() !== null;
}

export class NativeUnavailableError extends Error {
  override readonly name = 'NativeUnavailableError';
}

function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`native call timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function callReactNative(action: NativeAction, payload: unknown): Promise<unknown> {
  const requestId = randomId();
  return new Promise((resolve, reject) => {
    const onMessage = (event: Event) => {
      const data = parseMaybeJson((event as MessageEvent).data) as { source?: string; id?: string; ok?: boolean; data?: unknown; error?: string } | null;
      if (!data || data.source !== 'gerai-native' || data.id !== requestId) return;
      window.removeEventListener('message', onMessage);
      document.removeEventListener('message', onMessage);
      if (data.ok === false) reject(new Error(data.error ?? 'native call failed'));
      else resolve(data.data);
    };
    // Android's React Native WebView dispatches on document, iOS on window.
    window.addEventListener('message', onMessage);
    document.addEventListener('message', onMessage);
    window.ReactNativeWebView!.postMessage(JSON.stringify({ source: 'gerai-web', id: requestId, action, payload }));
  });
}

/** Calls the host; rejects with NativeUnavailableError when there is none or it lacks the action. */
export async function callNative(action: NativeAction, payload: unknown = null, timeoutMs = 10_000): Promise<unknown> {
  switch (detectHost()) {
    case 'gerai': {
      const fn = window.GeraiNative?.[action];
      if (typeof fn !== 'function') throw new NativeUnavailableError(action);
      return parseMaybeJson(await withTimeout(Promise.resolve((fn as (payload: unknown) => unknown).call(window.GeraiNative, payload)), timeoutMs));
    }
    case 'flutter':
      return parseMaybeJson(await withTimeout(window.flutter_inappwebview!.callHandler(action, payload), timeoutMs));
    case 'react-native':
      return withTimeout(callReactNative(action, payload), timeoutMs);
    default:
      throw new NativeUnavailableError(action);
  }
}

/** The native app's version, or null in a plain browser (the web build's version applies then). */
export async function getNativeAppVersion(): Promise<string | null> {
  const injected = typeof window !== 'undefined' ? window.GeraiNativeInfo?.appVersion : undefined;
  if (injected) return injected;
  if (!isNativeHost()) return null;
  try {
    const value = await callNative('getAppVersion', null, 2000);
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/** A barcode from the host's scanner; null when there is no native scanner or the user cancelled. */
export async function scanWithNative(): Promise<string | null> {
  if (!isNativeHost()) return null;
  try {
    const value = await callNative('scanBarcode', null, 120_000);
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

export interface GeoPosition {
  lat: number;
  long: number;
  accuracy: number | null;
}

export type LocationErrorCode = 'DENIED' | 'UNAVAILABLE' | 'TIMEOUT' | 'UNSUPPORTED' | 'INSECURE';
const LOCATION_MESSAGE: Record<LocationErrorCode, string> = {
  DENIED: locationText.errors.denied,
  UNAVAILABLE: locationText.errors.unavailable,
  TIMEOUT: locationText.errors.timeout,
  UNSUPPORTED: locationText.errors.unsupported,
  INSECURE: locationText.errors.insecure,
};

export class LocationError extends Error {
  override readonly name = 'LocationError';
  constructor(readonly code: LocationErrorCode) {
    super(LOCATION_MESSAGE[code]);
  }
}

function toPosition(value: unknown): GeoPosition | null {
  const v = value as { lat?: unknown; latitude?: unknown; long?: unknown; lng?: unknown; longitude?: unknown; accuracy?: unknown } | null;
  const lat = Number(v?.lat ?? v?.latitude);
  const long = Number(v?.long ?? v?.lng ?? v?.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(long)) return null;
  const accuracy = Number(v?.accuracy);
  return { lat, long, accuracy: Number.isFinite(accuracy) ? accuracy : null };
}

export interface LocationOptions {
  /** How old a cached browser fix may be (ms); 0 asks for a new one (a retry after a poor fix). */
  maximumAge?: number;
}

/** The device position: the host's GPS when present (often better than the webview's), else navigator.geolocation. */
export async function getLocation(timeoutMs = 15_000, { maximumAge = 30_000 }: LocationOptions = {}): Promise<GeoPosition> {
  if (isNativeHost()) {
    try {
      const position = toPosition(await callNative('getLocation', null, timeoutMs));
      if (position) return position;
    } catch {
      // Fall through to the web API.
    }
  }
  if (typeof navigator === 'undefined' || !navigator.geolocation) throw new LocationError('UNSUPPORTED');
  // Browsers refuse positions to pages not served over HTTPS (localhost aside): say so, not "denied".
  if (typeof window !== 'undefined' && window.isSecureContext === false) throw new LocationError('INSECURE');
  return new Promise<GeoPosition>((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, long: pos.coords.longitude, accuracy: pos.coords.accuracy ?? null }),
      (err) => reject(new LocationError(err.code === 1 ? 'DENIED' : err.code === 3 ? 'TIMEOUT' : 'UNAVAILABLE')),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge },
    );
  });
}

/**
 * Tells the host how many crew actions wait on the phone for the server, so it keeps the
 * webview alive (and may show it) until they are sent. Fire and forget.
 */
export function notifyNativePending(count: number): void {
  if (!isNativeHost()) return;
  callNative('setPendingActions', count, 3000).catch(() => {});
}

/** Tells the host the user signed out, so it can clear its own session. Fire and forget. */
export function notifyNativeLogout(): void {
  if (!isNativeHost()) return;
  callNative('logout', null, 3000).catch(() => {});
}

/** Asks the host to open its store page for an update; false when there is no host to do it. */
export function openNativeAppUpdate(): boolean {
  if (!isNativeHost()) return false;
  callNative('openAppUpdate', null, 3000).catch(() => {});
  return true;
}

/**
 * A print job for the host: the webview's page as its print CSS lays it out (only the open
 * sheet shows), on paper of this size. `kind` and `title` name the job (the print queue, a
 * host that picks its label printer for labels).
 */
export interface NativePrintJob {
  kind: string;
  title: string;
  paper: { widthMm: number; heightMm: number };
}

/**
 * Hands the page to the host's printing (a webview cannot open the system print dialog itself).
 * The host answers true once it has the job (its dialog is open or the printer has it); false when
 * there is no host, it cannot print or it did not take the job, so the browser's dialog is used.
 */
export async function printWithNative(job: NativePrintJob, timeoutMs = 10_000): Promise<boolean> {
  if (!isNativeHost()) return false;
  try {
    // As JSON text: an injected Android interface takes strings only.
    const value = await callNative('print', JSON.stringify(job), timeoutMs);
    return value === true || (typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === true);
  } catch {
    return false;
  }
}

/**
 * The host's push token (issue 28): the host receives FCM (APNs through FCM on iOS) while the webview
 * sleeps, so the server is given its token instead of a Web Push subscription. The host answers the
 * token as a string or `{ token }`; null (or an empty answer) when it has none: notifications are off
 * for the app in the system settings, or it has no push at all. A host that rotates its token says so
 * with a `gerai-native-push-token` event (`detail: { token }`), and the token is sent again.
 */
export const NATIVE_PUSH_TOKEN_EVENT = 'gerai-native-push-token';

export type NativePushToken = { kind: 'token'; token: string } | { kind: 'none' } | { kind: 'unsupported' };

export function pushTokenOf(value: unknown): string | null {
  const token = typeof value === 'string' ? value : (value as { token?: unknown } | null)?.token;
  return typeof token === 'string' && token.trim() ? token.trim() : null;
}

export async function getNativePushToken(timeoutMs = 5000): Promise<NativePushToken> {
  if (!isNativeHost()) return { kind: 'unsupported' };
  try {
    const token = pushTokenOf(await callNative('getPushToken', null, timeoutMs));
    return token ? { kind: 'token', token } : { kind: 'none' };
  } catch (error) {
    // A host without the call (an older app): Web Push, where the webview has it.
    return error instanceof NativeUnavailableError ? { kind: 'unsupported' } : { kind: 'none' };
  }
}
