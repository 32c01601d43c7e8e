'use client';
// Face enrolment: three captures from the live camera (no upload), each with exactly one face,
// checked for agreement here for quick feedback, then judged again by the server. With `forUser`, HR takes
// the captures of an employee on an office device (POST /api/face/enrolment/{id}, docs/face.md).
import { useCallback, useState } from 'react';
import { Camera, CheckCircle2, RefreshCw, ScanFace, X } from 'lucide-react';
import { useCaptureSession } from '@/hooks/useCaptureSession';
import { canvasToJpeg } from '@/features/face/components/jpeg';
import { preparingText } from '@/features/face/components/progress';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { checkEnrolmentConsistency, ENROLMENT_CAPTURES } from '@/features/face/lib/enrolment';
import { ENROL_DISAGREE } from '@/features/face/lib/messages';
import type { FaceEnrolmentDto } from '@/features/face/components/useFaceEnrolment';

type Capture = { image: string; descriptor: number[] };
type Phase = 'idle' | 'capturing' | 'checking' | 'review' | 'saving';

export const ENROL_SUCCESS = 'Wajah berhasil didaftarkan';
const HINTS = [
  'Tatap kamera dengan wajah lurus ke depan.',
  'Gerakkan kepala sedikit ke kiri atau ke kanan.',
  'Sekali lagi, dengan ekspresi biasa.',
];

const btn =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
const primary = `${btn} bg-blue-600 text-white hover:bg-blue-700`;
const secondary = `${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`;

export function EnrolFaceDialog({
  threshold,
  onClose,
  onEnrolled,
  forUser,
}: {
  threshold: number;
  onClose: () => void;
  onEnrolled: (dto: FaceEnrolmentDto) => void;
  /** HR-assisted enrolment (Status Wajah): the employee in front of the office device; else the caller's own face. */
  forUser?: { id: string; name: string };
}) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [captures, setCaptures] = useState<Capture[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  /** The frame being checked, shown over the live video meanwhile. */
  const [pending, setPending] = useState<string | null>(null);
  const { camera, detector, endSession, mark, isCurrent } = useCaptureSession();
  const { stop } = camera;

  const reset = useCallback(() => {
    endSession();
    setPhase('idle');
    setCaptures([]);
    setMessage(null);
    setPending(null);
  }, [endSession]);

  const close = () => {
    reset();
    onClose();
  };

  const startCamera = async () => {
    setMessage(null);
    if (await camera.start()) setPhase('capturing');
  };

  const takePhoto = async () => {
    const canvas = camera.capture();
    if (!canvas) return setMessage('Kamera belum siap. Silakan ambil foto lagi.');
    const mine = mark();
    const image = canvasToJpeg(canvas);
    setPending(image);
    setPhase('checking');
    setMessage(null);
    try {
      const scan = await detector.scan(canvas);
      if (!isCurrent(mine)) return;
      if (scan.faces !== 1 || !scan.descriptor) {
        setMessage(
          scan.faces === 0
            ? 'Wajah tidak terdeteksi. Pastikan wajah terlihat jelas, lalu ambil foto lagi.'
            : 'Terdeteksi lebih dari satu wajah. Pastikan hanya wajah Anda yang terlihat.',
        );
        return setPhase('capturing');
      }
      const next = [...captures, { image, descriptor: scan.descriptor }];
      if (next.length < ENROLMENT_CAPTURES) {
        setCaptures(next);
        return setPhase('capturing');
      }
      if (
        !checkEnrolmentConsistency(
          next.map((c) => c.descriptor),
          threshold,
        ).ok
      ) {
        setCaptures([]);
        setMessage(ENROL_DISAGREE);
        return setPhase('capturing');
      }
      stop();
      setCaptures(next);
      setPhase('review');
    } catch (err) {
      console.error('[face]', err);
      if (isCurrent(mine)) {
        setMessage('Pengenalan wajah gagal. Silakan coba lagi.');
        setPhase('capturing');
      }
    } finally {
      if (isCurrent(mine)) setPending(null);
    }
  };

  const save = async () => {
    setPhase('saving');
    setMessage(null);
    try {
      // The server runs its own face engine on each photo: allow it time.
      const path = forUser ? `/face/enrolment/${forUser.id}` : '/face/enrol';
      const dto = await api.post<FaceEnrolmentDto>(path, { captures }, { timeoutMs: 60_000 });
      reset();
      void toast('success', ENROL_SUCCESS);
      onEnrolled(dto);
    } catch (err) {
      setCaptures([]);
      setPhase('idle');
      setMessage(errorMessage(err, 'Gagal mendaftarkan wajah'));
    }
  };

  const count = captures.length;
  const live = (phase === 'capturing' || phase === 'checking') && camera.active;

  return (
    <div className="fixed inset-0 z-[1000] flex items-center justify-center bg-slate-900/60 p-4" role="presentation">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="enrol-title"
        className="max-h-full w-full max-w-lg overflow-y-auto rounded-2xl bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="enrol-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <ScanFace className="h-5 w-5 text-blue-600" aria-hidden /> Daftarkan Wajah{forUser ? `: ${forUser.name}` : ''}
          </h2>
          <button
            type="button"
            onClick={close}
            className="rounded-lg p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Tutup dialog"
            disabled={phase === 'saving'}
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <div className="space-y-4 p-5">
          <div className="relative flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-xl bg-slate-900">
            {live ? (
              <video
                ref={camera.videoRef}
                data-testid="enrol-video"
                autoPlay
                playsInline
                muted
                className="h-full w-full -scale-x-100 object-cover"
              />
            ) : phase === 'review' || phase === 'saving' ? (
              <CheckCircle2 className="h-16 w-16 text-green-400" aria-hidden />
            ) : (
              <Camera className="h-16 w-16 text-slate-500" aria-hidden />
            )}
            {phase === 'checking' && pending ? (
              // The frame being checked covers the (still running) video meanwhile.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={pending} alt="" className="absolute inset-0 h-full w-full -scale-x-100 object-cover" />
            ) : null}
            {phase === 'checking' || phase === 'saving' ? (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/60 text-white">
                <span className="h-10 w-10 animate-spin rounded-full border-4 border-white/30 border-t-white" aria-hidden />
                <span className="text-sm font-medium">{phase === 'saving' ? 'Menyimpan wajah...' : 'Memeriksa wajah...'}</span>
              </div>
            ) : null}
          </div>

          <ol className="grid grid-cols-3 gap-2" aria-label="Foto pendaftaran">
            {Array.from({ length: ENROLMENT_CAPTURES }, (_, i) => (
              <li
                key={i}
                className="relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100"
                data-testid="enrol-slot"
              >
                {captures[i] ? (
                  // eslint-disable-next-line @next/next/no-img-element
                  <img src={captures[i]!.image} alt={`Foto wajah ${i + 1}`} className="h-full w-full -scale-x-100 object-cover" />
                ) : (
                  <span className="flex h-full items-center justify-center text-xs text-slate-400">Foto {i + 1}</span>
                )}
              </li>
            ))}
          </ol>

          <div aria-live="polite" className="min-h-6 text-center text-sm" data-testid="enrol-status">
            {message ? <p className="font-medium text-red-600">{message}</p> : null}
            {camera.error ? <p className="font-medium text-red-600">{camera.error}</p> : null}
            {detector.error ? <p className="text-red-600">{detector.error}</p> : null}
            {!message && phase === 'idle' ? (
              <p className="text-slate-600">Kami akan mengambil {ENROLMENT_CAPTURES} foto wajah Anda dari kamera.</p>
            ) : null}
            {!message && phase === 'idle' && !detector.ready && !detector.error ? (
              <p className="text-slate-500">{preparingText(detector.progress)}</p>
            ) : null}
            {!message && phase === 'capturing' ? (
              <p className="text-slate-600">
                {detector.ready ? `Foto ${count + 1} dari ${ENROLMENT_CAPTURES}: ${HINTS[count] ?? ''}` : preparingText(detector.progress)}
              </p>
            ) : null}
            {phase === 'review' ? (
              <p className="font-medium text-green-700">Ketiga foto sudah sesuai. Simpan untuk menyelesaikan pendaftaran.</p>
            ) : null}
          </div>

          <div className="flex flex-wrap justify-end gap-2">
            {phase === 'idle' ? (
              <button type="button" className={primary} onClick={startCamera}>
                <Camera className="h-4 w-4" aria-hidden /> Mulai Kamera
              </button>
            ) : null}
            {phase === 'capturing' || phase === 'checking' ? (
              <button
                type="button"
                className={primary}
                onClick={takePhoto}
                disabled={!camera.active || !detector.ready || phase === 'checking'}
              >
                <Camera className="h-4 w-4" aria-hidden /> Ambil Foto {count + 1}
              </button>
            ) : null}
            {phase === 'review' ? (
              <>
                <button type="button" className={secondary} onClick={reset}>
                  <RefreshCw className="h-4 w-4" aria-hidden /> Ulangi
                </button>
                <button type="button" className={primary} onClick={save}>
                  <CheckCircle2 className="h-4 w-4" aria-hidden /> Simpan Wajah
                </button>
              </>
            ) : null}
            {phase !== 'saving' ? (
              <button type="button" className={secondary} onClick={close}>
                Tutup
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
