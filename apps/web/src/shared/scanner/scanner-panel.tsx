import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isNativeHost, scanWithNative } from '../bridge/native-bridge';
import { scannerText } from '../i18n/scanner';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { CameraScanner } from './camera-scanner';
import { PRODUCT_FORMATS, type ScanFormat } from './detector';
import { createScanGate, SCAN_COOLDOWN_MS } from './scan-gate';
import { useKeyboardWedge } from './use-keyboard-wedge';

export type ScanSource = 'camera' | 'wedge' | 'manual' | 'native';

export interface ScannerPanelProps {
  /** A new scan. Camera and hardware-scanner reads are debounced; typed and native ones are not. */
  onScan: (code: string, source: ScanSource) => void;
  title?: string;
  formats?: readonly ScanFormat[];
  /** False stops the camera and the hardware-scanner listener (e.g. every line is complete). */
  enabled?: boolean;
  /** False when the screen has its own field for typed codes. */
  manualEntry?: boolean;
  manualLabel?: string;
  manualPlaceholder?: string;
  manualInputMode?: 'numeric' | 'text';
  cooldownMs?: number;
  /** Feedback under the controls (last scan result). */
  children?: ReactNode;
  /**
   * 'compact': one row (camera button, typed code, Kirim) with the title read out only, for
   * screens where the list being worked through must stay in view on a 360 × 640 phone.
   * The hardware-scanner hint is the caller's to show (in its feedback slot).
   */
  layout?: 'full' | 'compact';
  /** Test seam: the clock used for debouncing. */
  now?: () => number;
}

/**
 * Every way a crew member can scan: the camera (native BarcodeDetector or the
 * self-hosted ZXing wasm), a hardware scanner typing like a keyboard anywhere on
 * the page, the native host's scanner, and typing the code.
 */
export function ScannerPanel({
  onScan,
  title = scannerText.title,
  formats = PRODUCT_FORMATS,
  enabled = true,
  manualEntry = true,
  manualLabel = scannerText.manualLabel,
  manualPlaceholder = scannerText.manualPlaceholder,
  manualInputMode = 'numeric',
  cooldownMs = SCAN_COOLDOWN_MS,
  children,
  layout = 'full',
  now = () => performance.now(),
}: ScannerPanelProps) {
  const [cameraOn, setCameraOn] = useState(false);
  const [manual, setManual] = useState('');
  const [nativeBusy, setNativeBusy] = useState(false);
  const [gate] = useState(() => createScanGate(cooldownMs));
  const onScanRef = useRef(onScan);
  const nowRef = useRef(now);
  const inputId = useId();
  const native = isNativeHost();

  useEffect(() => {
    onScanRef.current = onScan;
    nowRef.current = now;
  }, [onScan, now]);

  // Nothing left to scan: the camera goes off (battery, privacy).
  useEffect(() => {
    if (!enabled) setCameraOn(false);
  }, [enabled]);

  const onCameraDetect = useCallback((code: string, at: number) => {
    if (gate.offer(code, at)) onScanRef.current(code, 'camera');
  }, [gate]);

  const onWedge = useCallback((code: string) => {
    if (gate.offer(code, nowRef.current())) onScanRef.current(code, 'wedge');
  }, [gate]);
  useKeyboardWedge(onWedge, enabled);

  const submitManual = (e: FormEvent) => {
    e.preventDefault();
    const code = manual.trim();
    if (!code || !enabled) return;
    setManual('');
    onScanRef.current(code, 'manual');
  };

  const scanNative = async () => {
    setNativeBusy(true);
    try {
      const code = await scanWithNative();
      if (code) onScanRef.current(code, 'native');
    } finally {
      setNativeBusy(false);
    }
  };

  const nativeButton = native ? (
    <Button variant="ghost" onClick={() => void scanNative()} loading={nativeBusy} disabled={!enabled} icon={<Icon name="scan" className="size-5" />} className="px-3">
      {scannerText.nativeScanner}
    </Button>
  ) : null;
  const camera = cameraOn ? <CameraScanner formats={formats} onDetect={onCameraDetect} onClose={() => setCameraOn(false)} /> : null;
  const manualInput = (
    <input
      id={inputId}
      data-testid="manual-code"
      type="text"
      inputMode={manualInputMode}
      autoComplete="off"
      enterKeyHint="send"
      placeholder={manualPlaceholder}
      value={manual}
      disabled={!enabled}
      onChange={(e) => setManual(e.target.value)}
      className="min-h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200 disabled:bg-slate-100"
    />
  );
  const submitButton = (
    <Button type="submit" disabled={!enabled || !manual.trim()}>
      {scannerText.manualSubmit}
    </Button>
  );

  if (layout === 'compact') {
    return (
      <section aria-label={title} className="flex flex-col gap-2" data-testid="scanner-panel">
        <form onSubmit={submitManual} className="flex items-center gap-2" noValidate>
          {cameraOn ? null : (
            <button
              type="button"
              disabled={!enabled}
              onClick={() => setCameraOn(true)}
              aria-label={scannerText.startCamera}
              title={scannerText.startCamera}
              data-testid="start-camera"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-brand-600 text-brand-700 active:bg-brand-50 disabled:border-slate-300 disabled:text-slate-400"
            >
              <Icon name="camera" className="size-5" />
            </button>
          )}
          {nativeButton}
          {manualEntry ? (
            <>
              <label htmlFor={inputId} className="sr-only">
                {manualLabel}
              </label>
              {manualInput}
              {submitButton}
            </>
          ) : null}
        </form>
        {camera}
        {children}
      </section>
    );
  }

  return (
    <section aria-label={title} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="scanner-panel">
      <div className="flex items-center gap-2">
        <h2 className="flex-1 font-semibold text-slate-900">{title}</h2>
        {nativeButton}
      </div>
      {children}

      {camera ?? (
        <Button
          variant="secondary"
          block
          disabled={!enabled}
          onClick={() => setCameraOn(true)}
          icon={<Icon name="camera" className="size-5" />}
          data-testid="start-camera"
        >
          {scannerText.startCamera}
        </Button>
      )}

      {manualEntry ? (
        <form onSubmit={submitManual} className="flex items-end gap-2" noValidate>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
              {manualLabel}
            </label>
            {manualInput}
          </div>
          {submitButton}
        </form>
      ) : null}
      {enabled ? <p className="text-xs text-slate-500">{scannerText.wedgeHint}</p> : null}
    </section>
  );
}
