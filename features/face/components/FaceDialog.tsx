'use client';
// The face verification dialog (spec: idle → capturing → verifying → success | failed).
// Verifying is real: face-api must find exactly one face in the photo and computes its descriptor.
// On success the dialog closes after a short pause (SUCCESS_CLOSE_MS) and hands the JPEG and the
// descriptor on. While the face engine's files load, it says how far they are.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Camera, CheckCircle2, RefreshCw, ScanFace, X, XCircle } from 'lucide-react';
import { useCaptureSession } from '@/hooks/useCaptureSession';
import { canvasToJpeg } from '@/features/face/components/jpeg';
import { preparingText } from '@/features/face/components/progress';
import { useLiveness } from '@/features/face/components/useLiveness';
import { LivenessGuide } from '@/features/face/components/LivenessGuide';
import type { LivenessStep } from '@/features/face/lib/liveness';

/** The server's one-time challenge the capture answers (POST /attendance/challenge, docs/anti-fraud.md). */
export type PunchChallenge = {
  id: string;
  action: 'check-in' | 'check-out' | 'break-start' | 'break-end';
  expiresAt: string;
  steps: LivenessStep[];
};
/** proof: extra fields of the check-in/out request that answer the challenge (`liveness: { frames }`, features/face/components/useLiveness.ts). */
export type FaceCapture = { image: string; descriptor: number[]; proof?: Record<string, unknown> };
type Phase = 'idle' | 'capturing' | 'verifying' | 'success' | 'failed';

export const FACE_FAILED = 'Verifikasi wajah gagal. Silakan coba lagi.';
export const FACE_SUCCESS = 'Verifikasi wajah berhasil!';
// Long enough to see the green tick; the spec's 1.5 s was a third of a cached check-in on a phone, and
// 0.8 s still an eighth (docs/face.md).
const SUCCESS_CLOSE_MS = 500;
// The photo sent with a check-in: the smallest the server's re-check still finds every face in
// (bench/face-capture.ts, docs/face.md). The descriptor is computed on this same picture.
const CHECK_IN_WIDTH = 480;
const CHECK_IN_QUALITY = 0.7;

const btn =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
const primary = `${btn} bg-blue-600 text-white hover:bg-blue-700`;
const secondary = `${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;

export function FaceDialog({
  title,
  challenge,
  onClose,
  onVerified,
  onSucceeded,
}: {
  title: string;
  /** The challenge of this check-in/out (none for enrolment); its steps guide the liveness check. */
  challenge?: PunchChallenge | null;
  onClose: () => void;
  /** After the success pause: the dialog is done (and hands the capture on, if onSucceeded did not take it). */
  onVerified: (capture: FaceCapture) => void;
  /**
   * At the moment of success, before the pause: the check-in's confirmation opens at once over the tick
   * instead of after it (docs/face.md, "Where the engine runs"); the dialog still shows the tick for
   * SUCCESS_CLOSE_MS beneath it, then onVerified.
   */
  onSucceeded?: (capture: FaceCapture) => void;
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const { camera, detector, endSession, mark, isCurrent } = useCaptureSession();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { stop } = camera;
  const liveness = useLiveness();
  // The hook's functions are stable (useCallback in features/face/components/useLiveness.ts), the object holding
  // them is new on every render: callbacks and effects depend on the functions, never on `liveness`.
  const { start: startLiveness, stop: stopLiveness } = liveness;
  const steps = challenge?.steps;
  const moving = !!steps?.length;

  const reset = useCallback(() => {
    stopLiveness();
    endSession();
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setPhase('idle');
    setSnapshot(null);
  }, [endSession, stopLiveness]);

  /** The tick for SUCCESS_CLOSE_MS, then the capture handed on; onSucceeded gets it at once. */
  const succeeded = (capture: FaceCapture) => {
    onSucceeded?.(capture);
    timer.current = setTimeout(() => {
      timer.current = null;
      reset();
      onVerified(capture);
    }, SUCCESS_CLOSE_MS);
  };

  // With a challenge the photo is not taken by a button: the answer's last frame is the photo.
  const { capture } = camera;
  const capturing = phase === 'capturing' && camera.active;
  useEffect(() => {
    if (!capturing || !steps?.length) return;
    const mine = mark();
    startLiveness(
      steps,
      () => capture(CHECK_IN_WIDTH),
      ({ image, descriptor, frames }) => {
        if (!isCurrent(mine)) return;
        stop();
        setSnapshot(image);
        setPhase('success');
        performance.mark('face:verified');
        succeeded({ image, descriptor, proof: { liveness: { frames } } });
      },
      (err) => {
        console.error('[face]', err);
        if (isCurrent(mine)) setPhase('failed');
      },
    );
    return stopLiveness;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one run per capturing phase
  }, [capturing, steps]);

  // Gone before the success pause ended: nothing more happens.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const close = () => {
    reset();
    onClose();
  };

  const startCamera = async () => {
    setSnapshot(null);
    if (await camera.start()) setPhase('capturing');
    else setPhase('idle');
  };

  const takePhoto = async () => {
    performance.mark('face:photo-pressed');
    const canvas = camera.capture(CHECK_IN_WIDTH);
    if (!canvas) return;
    // Taken by hand before the movements were answered: what was captured goes along (the server flags it).
    const frames = moving ? liveness.framesSoFar() : null;
    liveness.stop();
    // The scan first: in the face worker it runs while the page encodes the JPEG (the worker has the
    // picture's pixels the moment the scan is asked for; in the page the order changes nothing).
    const scanning = detector.scan(canvas);
    const image = canvasToJpeg(canvas, CHECK_IN_QUALITY);
    setSnapshot(image);
    setPhase('verifying');
    const mine = mark();
    try {
      const scan = await scanning;
      if (!isCurrent(mine)) return;
      if (scan.faces !== 1 || !scan.descriptor) return setPhase('failed');
      stop();
      setPhase('success');
      performance.mark('face:verified');
      succeeded({ image, descriptor: scan.descriptor, ...(frames ? { proof: { liveness: { frames } } } : {}) });
    } catch (err) {
      console.error('[face]', err);
      if (isCurrent(mine)) setPhase('failed');
    }
  };

  const redo = () => {
    liveness.stop();
    stop();
    setSnapshot(null);
    setPhase('idle');
  };

  const retry = () => {
    setSnapshot(null);
    void startCamera();
  };

  const showVideo = phase === 'capturing' && camera.active;

  return (
    <div className="fixed inset-0 z-[1000] flex items-center justify-center bg-slate-900/60 p-4" role="presentation">
      <div role="dialog" aria-modal="true" aria-labelledby="face-dialog-title" className="w-full max-w-lg rounded-2xl bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="face-dialog-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <ScanFace className="h-5 w-5 text-blue-600" aria-hidden /> {title}
          </h2>
          <button type="button" onClick={close} className="rounded-lg p-1 text-slate-500 hover:bg-slate-100" aria-label="Tutup dialog">
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>

        <div className="space-y-4 p-5">
          <div className="relative flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-xl bg-slate-900">
            {showVideo ? (
              <video
                ref={camera.videoRef}
                data-testid="face-video"
                autoPlay
                playsInline
                muted
                className="h-full w-full -scale-x-100 object-cover"
              />
            ) : snapshot ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={snapshot} alt="Foto wajah yang diambil" className="h-full w-full -scale-x-100 object-cover" />
            ) : (
              <Camera className="h-16 w-16 text-slate-500" aria-hidden />
            )}
            {phase === 'verifying' ? (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/60 text-white">
                <span className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden />
                <span className="px-4 text-center text-sm font-medium">
                  {detector.ready ? 'Memverifikasi wajah...' : preparingText(detector.progress)}
                </span>
              </div>
            ) : null}
          </div>

          <div aria-live="polite" className="min-h-6 text-center text-sm">
            {phase === 'idle' && !camera.error ? (
              <p className="text-slate-600">Posisikan wajah Anda di depan kamera, lalu mulai verifikasi.</p>
            ) : null}
            {phase === 'idle' && !detector.ready && !detector.error ? (
              <p className="text-slate-500" data-testid="face-preparing">
                {preparingText(detector.progress)}
              </p>
            ) : null}
            {camera.error ? <p className="font-medium text-red-600">{camera.error}</p> : null}
            {phase === 'capturing' && !(moving && detector.ready) ? (
              <p className="text-slate-600" data-testid={detector.ready ? undefined : 'face-preparing'}>
                {detector.ready ? 'Pastikan hanya wajah Anda yang terlihat, lalu ambil foto.' : preparingText(detector.progress)}
              </p>
            ) : null}
            {phase === 'capturing' && moving && detector.ready && steps ? <LivenessGuide steps={steps} state={liveness.state} /> : null}
            {phase === 'success' ? (
              <p className="flex items-center justify-center gap-2 font-semibold text-green-700">
                <CheckCircle2 className="h-5 w-5" aria-hidden /> {FACE_SUCCESS}
              </p>
            ) : null}
            {phase === 'failed' ? (
              <p className="flex items-center justify-center gap-2 font-semibold text-red-600">
                <XCircle className="h-5 w-5" aria-hidden /> {FACE_FAILED}
              </p>
            ) : null}
            {detector.error ? <p className="text-red-600">{detector.error}</p> : null}
          </div>

          <div className="flex flex-wrap justify-end gap-2">
            {phase === 'idle' ? (
              <button type="button" className={primary} onClick={startCamera}>
                <Camera className="h-4 w-4" aria-hidden /> Mulai Kamera
              </button>
            ) : null}
            {phase === 'capturing' ? (
              <>
                <button type="button" className={secondary} onClick={redo}>
                  <RefreshCw className="h-4 w-4" aria-hidden /> Ulangi
                </button>
                <button type="button" className={moving ? secondary : primary} onClick={takePhoto} disabled={!camera.active}>
                  <Camera className="h-4 w-4" aria-hidden /> Ambil Foto
                </button>
              </>
            ) : null}
            {phase === 'failed' ? (
              <>
                <button type="button" className={secondary} onClick={redo}>
                  <RefreshCw className="h-4 w-4" aria-hidden /> Ulangi
                </button>
                <button type="button" className={primary} onClick={retry}>
                  <Camera className="h-4 w-4" aria-hidden /> Coba Lagi
                </button>
              </>
            ) : null}
            {phase !== 'success' ? (
              <button type="button" className={secondary} onClick={close} disabled={phase === 'verifying'}>
                Tutup
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
