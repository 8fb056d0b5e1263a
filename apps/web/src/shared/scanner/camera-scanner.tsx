import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { id } from '../i18n/id';
import { scannerText } from '../i18n/scanner';
import { Icon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { cn } from '../utils/cn';
import { loadDetector, type ScanFormat } from './detector';

type CameraState = { kind: 'starting' } | { kind: 'running' } | { kind: 'error'; message: string };

/** How often a frame is decoded; the camera itself runs at its own rate. */
const FRAME_INTERVAL_MS = 120;

function subscribeVisibility(callback: () => void): () => void {
  document.addEventListener('visibilitychange', callback);
  return () => document.removeEventListener('visibilitychange', callback);
}
const isVisible = () => document.visibilityState !== 'hidden';

function cameraErrorMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return scannerText.cameraDenied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return scannerText.cameraUnavailable;
  return scannerText.cameraFailed;
}

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };

/**
 * The rear camera with a scan frame. Decodes frames while shown; the stream stops
 * when the component unmounts or the page is hidden (and restarts when it is back).
 * Every decoded frame is reported with its time and the codes it shows, none included (a code that
 * left the view): which sightings are scans is the caller's (CameraScanGate).
 */
export function CameraScanner({
  formats,
  onFrame,
  onClose,
}: {
  formats: readonly ScanFormat[];
  onFrame: (codes: string[], at: number) => void;
  onClose: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const onFrameRef = useRef(onFrame);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const [torch, setTorch] = useState<{ supported: boolean; on: boolean }>({ supported: false, on: false });
  const [attempt, setAttempt] = useState(0);
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  const formatsKey = formats.join(',');

  useEffect(() => {
    onFrameRef.current = onFrame;
  }, [onFrame]);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const video = videoRef.current;

    const start = async () => {
      setState({ kind: 'starting' });
      if (typeof window !== 'undefined' && window.isSecureContext === false) {
        setState({ kind: 'error', message: scannerText.insecure });
        return;
      }
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'error', message: scannerText.cameraUnavailable });
        return;
      }
      // The decoder downloads while the crew answers the permission prompt.
      const detectorPromise = loadDetector(formatsKey.split(',') as ScanFormat[]);
      detectorPromise.catch(() => {});
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!cancelled) setState({ kind: 'error', message: cameraErrorMessage(error) });
        return;
      }
      if (cancelled || !video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      const track = stream.getVideoTracks()[0] ?? null;
      trackRef.current = track;
      const caps = (track?.getCapabilities?.() ?? {}) as TorchCapabilities;
      setTorch({ supported: Boolean(caps.torch), on: false });
      video.srcObject = stream;
      await video.play().catch(() => {});

      let detector;
      try {
        detector = await detectorPromise;
      } catch {
        if (!cancelled) setState({ kind: 'error', message: scannerText.decoderFailed });
        return;
      }
      if (cancelled) return;
      setState({ kind: 'running' });

      const tick = async () => {
        if (cancelled) return;
        if (video.readyState >= 2 && video.videoWidth > 0) {
          try {
            const codes = await detector.detect(video);
            const now = performance.now();
            if (!cancelled) onFrameRef.current(codes.map((c) => c.rawValue).filter(Boolean), now);
          } catch {
            // A frame that cannot be read: try the next one.
          }
        }
        if (!cancelled) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    };
    void start();

    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      trackRef.current = null;
      if (video) video.srcObject = null;
    };
  }, [visible, formatsKey, attempt]);

  const toggleTorch = async () => {
    const track = trackRef.current;
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch((t) => ({ ...t, on }));
    } catch {
      setTorch({ supported: false, on: false });
    }
  };

  return (
    <div className="relative overflow-hidden rounded-xl bg-slate-900" data-testid="camera-scanner" data-state={state.kind}>
      <video
        ref={videoRef}
        aria-label={scannerText.videoLabel}
        className="aspect-video w-full object-cover"
        muted
        playsInline
        autoPlay
      />
      {/* The scan frame: where to hold the barcode. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
        <div className="relative h-3/5 w-4/5 rounded-lg border-2 border-white/80 shadow-[0_0_0_999px_rgba(15,23,42,0.35)]">
          {state.kind === 'running' ? <div className="absolute inset-x-2 top-1/2 h-0.5 animate-pulse bg-red-500" /> : null}
        </div>
      </div>
      <div className="absolute inset-x-0 top-0 flex items-center justify-between gap-2 p-2">
        <span className="rounded-full bg-slate-900/70 px-3 py-1 text-xs text-white" role="status">
          {state.kind === 'starting' ? (
            <span className="inline-flex items-center gap-2">
              <Spinner className="size-3" />
              {scannerText.startingCamera}
            </span>
          ) : state.kind === 'running' ? (
            scannerText.cameraActive
          ) : null}
        </span>
        <div className="flex gap-1">
          {torch.supported ? (
            <button
              type="button"
              onClick={() => void toggleTorch()}
              aria-pressed={torch.on}
              aria-label={torch.on ? scannerText.torchOff : scannerText.torchOn}
              className={cn('inline-flex size-11 items-center justify-center rounded-full', torch.on ? 'bg-amber-400 text-slate-900' : 'bg-slate-900/70 text-white')}
            >
              <Icon name="flash" />
            </button>
          ) : null}
          <button
            type="button"
            onClick={onClose}
            aria-label={scannerText.stopCamera}
            className="inline-flex size-11 items-center justify-center rounded-full bg-slate-900/70 text-white"
          >
            <Icon name="close" />
          </button>
        </div>
      </div>
      {state.kind === 'error' ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/90 p-4 text-center text-sm text-white">
          <Icon name="alert" className="size-8 text-amber-400" />
          <p>{state.message}</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)} className="min-h-11 rounded-xl border border-white/60 px-4 font-semibold">
            {id.common.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}
