import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isNativeHost, scanWithNative } from '../bridge/native-bridge';
import { scannerText } from '../i18n/scanner';
import { Button } from '../ui/button';
import { Icon } from '../ui/icons';
import { CameraScanner } from './camera-scanner';
import { PRODUCT_FORMATS, type ScanFormat } from './detector';
import { createCameraScanGate } from './scan-gate';
import { useKeyboardWedge } from './use-keyboard-wedge';

export type ScanSource = 'camera' | 'wedge' | 'manual' | 'native';

export interface ScannerPanelProps {
  /**
   * A new scan. Every hardware-scanner read (a trigger pull), native read and typed code is one;
   * the camera's sightings count once per code while it stays in view (CameraScanGate).
   */
  onScan: (code: string, source: ScanSource) => void;
  title?: string;
  formats?: readonly ScanFormat[];
  /** False stops the camera and the hardware-scanner listener (e.g. while the result is being sent). */
  enabled?: boolean;
  /**
   * Everything is scanned: the camera goes off and the typed code locks, but a hardware scanner's
   * read is still handed on, so a unit too many is answered with its reason instead of vanishing.
   */
  done?: boolean;
  /** False when the screen has its own field for typed codes. */
  manualEntry?: boolean;
  manualLabel?: string;
  manualPlaceholder?: string;
  manualInputMode?: 'numeric' | 'text';
  /** Feedback under the controls (last scan result). */
  children?: ReactNode;
  /**
   * 'compact': one row (camera button, typed code, Kirim) with the title read out only, for
   * screens where the list being worked through must stay in view on a 360 × 640 phone.
   * The hardware-scanner hint is the caller's to show (in its feedback slot).
   */
  layout?: 'full' | 'compact';
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
  done = false,
  manualEntry = true,
  manualLabel = scannerText.manualLabel,
  manualPlaceholder = scannerText.manualPlaceholder,
  manualInputMode = 'numeric',
  children,
  layout = 'full',
}: ScannerPanelProps) {
  const [cameraOn, setCameraOn] = useState(false);
  const [manual, setManual] = useState('');
  const [nativeBusy, setNativeBusy] = useState(false);
  const [gate] = useState(() => createCameraScanGate());
  const onScanRef = useRef(onScan);
  const inputId = useId();
  const native = isNativeHost();

  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  // Nothing left to scan: the camera goes off (battery, privacy).
  const open = enabled && !done;
  useEffect(() => {
    if (!open) setCameraOn(false);
  }, [open]);

  const onCameraFrame = useCallback((codes: string[], at: number) => {
    for (const code of gate.frame(codes, at)) onScanRef.current(code, 'camera');
  }, [gate]);
  // Opening the camera is deliberate: what it sees first counts, whatever it saw before.
  const startCamera = () => {
    gate.reset();
    setCameraOn(true);
  };

  // A trigger pull is one scan: the same code twice in a row is two units, never filtered.
  const onWedge = useCallback((code: string) => onScanRef.current(code, 'wedge'), []);
  useKeyboardWedge(onWedge, enabled);

  const submitManual = (e: FormEvent) => {
    e.preventDefault();
    const code = manual.trim();
    if (!code || !open) return;
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
    <Button variant="ghost" onClick={() => void scanNative()} loading={nativeBusy} disabled={!open} icon={<Icon name="scan" className="size-5" />} className="px-3">
      {scannerText.nativeScanner}
    </Button>
  ) : null;
  const camera = cameraOn ? (
    <>
      <CameraScanner formats={formats} onFrame={onCameraFrame} onClose={() => setCameraOn(false)} />
      <p className="text-xs text-slate-600" data-testid="scan-mode" data-mode="camera">
        {scannerText.modeCamera}
      </p>
    </>
  ) : null;
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
      disabled={!open}
      onChange={(e) => setManual(e.target.value)}
      className="min-h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200 disabled:bg-slate-100"
    />
  );
  const submitButton = (
    <Button type="submit" disabled={!open || !manual.trim()}>
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
              disabled={!open}
              onClick={startCamera}
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
          disabled={!open}
          onClick={startCamera}
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
      {open && !cameraOn ? (
        <p className="text-xs text-slate-500" data-testid="scan-mode" data-mode="wedge">
          {scannerText.modeWedge}
        </p>
      ) : null}
    </section>
  );
}
