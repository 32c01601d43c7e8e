'use client';
// The spec's check-in/out flow: position known (else offer to retry), inside the radius (else the
// warning), a one-time challenge from the server (docs/anti-fraud.md), the face dialog, a
// confirmation, the call carrying the challenge, then the caller reloads today's data.
import { useRef, useState } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, closeDialog, confirmDialog, showLoading, QUICK } from '@/lib/ui/alerts';
import { warmFaceCapture } from '@/features/face/components/warm-up';
import type { FaceCapture, PunchChallenge } from '@/features/face/components/FaceDialog';
import { LazyFaceDialog } from '@/features/face/components/lazy';
import { officeFix, type OfficeLocation } from '@/features/attendance/components/useOffice';
import type { GeoPosition } from '@/hooks/useGeolocation';
import { deviceProof, storedDeviceId } from '@/features/anti-fraud/lib/device-key';

/**
 * The device this punch is signed with: the account's first device registers itself here (trust on
 * first use); a browser that is not the registered one signs nothing and the punch is flagged.
 */
async function ensureDevice(userId: string): Promise<void> {
  try {
    if (await storedDeviceId(userId)) return;
    const { loadDeviceState, registerThisDevice } = await import('@/features/anti-fraud/components/DeviceCard');
    const state = await loadDeviceState(userId);
    if (!state.thisId && state.devices.length === 0 && state.supported) await registerThisDevice(userId);
  } catch (err) {
    console.warn('[device]', err);
  }
}

/** A punch: check-in/out, or the start and end of a punched break (docs/calendar.md, "Istirahat"). */
export type AttendanceKind = 'check-in' | 'check-out' | 'break-start' | 'break-end';

/** One tap's challenge (or why it was refused) and device registration, under way while the dialog is open. */
type Attempt = { challenge: Promise<{ issued: PunchChallenge } | { error: unknown }>; device: Promise<void> };

/** `verb`: how the radius warning and the confirmation name it ("check-in", "Mulai Istirahat"). */
const TEXT: Record<AttendanceKind, { label: string; verb: string; ok: string; okText: string; fail: string; fallback: string }> = {
  'check-in': {
    label: 'Check-in',
    verb: 'check-in',
    ok: 'Check-in Berhasil!',
    okText: 'Anda berhasil melakukan check-in dengan verifikasi wajah',
    fail: 'Check-in Gagal',
    fallback: 'Gagal melakukan check-in',
  },
  'check-out': {
    label: 'Check-out',
    verb: 'check-out',
    ok: 'Check-out Berhasil!',
    okText: 'Anda berhasil melakukan check-out dengan verifikasi wajah',
    fail: 'Check-out Gagal',
    fallback: 'Gagal melakukan check-out',
  },
  'break-start': {
    label: 'Mulai Istirahat',
    verb: 'Mulai Istirahat',
    ok: 'Istirahat Dimulai',
    okText: 'Mulai istirahat berhasil dicatat dengan verifikasi wajah',
    fail: 'Mulai Istirahat Gagal',
    fallback: 'Gagal mencatat mulai istirahat',
  },
  'break-end': {
    label: 'Selesai Istirahat',
    verb: 'Selesai Istirahat',
    ok: 'Istirahat Selesai',
    okText: 'Selesai istirahat berhasil dicatat dengan verifikasi wajah',
    fail: 'Selesai Istirahat Gagal',
    fallback: 'Gagal mencatat selesai istirahat',
  },
};

/** The route and the body's extra field of each punch. */
const ENDPOINT: Record<AttendanceKind, { path: string; extra: Record<string, string> }> = {
  'check-in': { path: '/attendance/check-in', extra: {} },
  'check-out': { path: '/attendance/check-out', extra: {} },
  'break-start': { path: '/attendance/break', extra: { action: 'start' } },
  'break-end': { path: '/attendance/break', extra: { action: 'end' } },
};

export function useAttendanceFlow(opts: {
  userId: string | undefined;
  office: OfficeLocation | null;
  /**
   * The office list's request (useOffice): until it has answered `office` is null without meaning "no
   * office", so the punch buttons wait for it (`ready`), and a list that failed to load is said as such.
   */
  officeLoading: boolean;
  officeFailed: boolean;
  position: GeoPosition | null;
  refreshLocation: () => Promise<GeoPosition | null>;
  onDone: () => void | Promise<void>;
}) {
  const [kind, setKind] = useState<AttendanceKind | null>(null);
  const latest = useRef(opts);
  latest.current = opts;
  const positionAtCapture = useRef<GeoPosition | null>(null);
  const [challenge, setChallenge] = useState<PunchChallenge | null>(null);
  /** This attempt's challenge and device registration, under way while the dialog is open. */
  const attempt = useRef<Attempt | null>(null);
  /** A tap being prepared (position, radius): a second tap meanwhile starts nothing. */
  const starting = useRef(false);

  const start = async (next: AttendanceKind) => {
    if (starting.current || attempt.current) return;
    starting.current = true;
    try {
      await begin(next);
    } finally {
      starting.current = false;
    }
  };

  const begin = async (next: AttendanceKind) => {
    let position = latest.current.position;
    if (!position) {
      const retry = await confirmDialog({
        title: 'Lokasi Tidak Tersedia',
        text: 'Lokasi tidak terdeteksi. Apakah Anda ingin mencoba mendapatkan lokasi kembali?',
        confirmText: 'Ya, Coba Lagi',
        icon: 'warning',
      });
      if (!retry) return;
      position = await latest.current.refreshLocation();
      if (!position) return;
    }
    if (latest.current.officeLoading) return;
    if (latest.current.officeFailed) {
      await alertDialog('error', 'Gagal memuat lokasi kantor', 'Muat ulang halaman lalu coba lagi.');
      return;
    }
    const office = latest.current.office;
    if (!office || office.latitude === null || office.longitude === null) {
      await alertDialog('error', 'Lokasi kantor belum diatur', 'Hubungi administrator untuk mengatur lokasi kantor.');
      return;
    }
    const fix = officeFix(office, position);
    if (!fix?.inside) {
      await alertDialog('warning', 'Di Luar Radius', `Anda berada di luar radius kantor. Tidak dapat melakukan ${TEXT[next].verb}.`);
      return;
    }
    positionAtCapture.current = position;
    // From here everything the punch needs starts at once (docs/face.md, "A first check-in on a phone"):
    // the dialog and the face engine, the one-time challenge the capture answers (single use, for this
    // action, 60 s) and the device registration the request is signed with. The dialog opens now; the
    // challenge's movements guide the capture as soon as it arrives, and the request waits for both.
    warmFaceCapture();
    const userId = latest.current.userId;
    const mine: Attempt = {
      challenge: api.post<PunchChallenge>('/attendance/challenge', { action: next }).then(
        (issued) => {
          if (attempt.current === mine) setChallenge(issued);
          return { issued };
        },
        (error: unknown) => {
          // Refused while the dialog is open: close it and say why (after the capture, submit says it).
          if (attempt.current === mine) {
            attempt.current = null;
            setKind(null);
            void alertDialog('error', TEXT[next].fail, errorMessage(error, TEXT[next].fallback), undefined, QUICK);
          }
          return { error };
        },
      ),
      device: userId ? ensureDevice(userId) : Promise.resolve(),
    };
    attempt.current = mine;
    setChallenge(null);
    setKind(next);
  };

  const submit = async (current: AttendanceKind, capture: FaceCapture, pending: Attempt) => {
    const t = TEXT[current];
    // The request's challenge and device signature are made ready while the confirmation shows.
    const signed = Promise.all([pending.challenge, pending.device]).then(async ([answer]) => {
      if ('error' in answer) throw answer.error;
      const userId = latest.current.userId;
      return { issued: answer.issued, proof: userId ? await deviceProof(userId, current, answer.issued.id) : {} };
    });
    signed.catch(() => undefined); // awaited (and its error shown) after the confirmation
    const ok = await confirmDialog({
      title: `Konfirmasi ${t.label}`,
      text: `Apakah Anda yakin ingin melakukan ${t.verb} sekarang?`,
      confirmText: `Ya, ${t.label}`,
      icon: 'question',
      ...QUICK,
    });
    if (!ok) return;
    performance.mark('face:confirmed');
    const position = latest.current.position ?? positionAtCapture.current;
    if (!position) return;
    showLoading('Memproses...', QUICK);
    // Today's data is reloaded once the answer is on the screen: its requests and the page's new render
    // would otherwise come first on a slow phone's only thread (0.4 s measured at 4× CPU, docs/face.md).
    const afterOpening = {
      ...QUICK,
      opened: () => {
        performance.mark('face:result-shown');
        void latest.current.onDone();
      },
    };
    try {
      const { issued, proof } = await signed;
      performance.mark('face:punch-sent');
      // A break's answer says how long it was and the minutes over (docs/calendar.md, "Istirahat").
      const answer = await api.post<{ message?: string }>(ENDPOINT[current].path, {
        ...ENDPOINT[current].extra,
        userId: latest.current.userId,
        latitude: position.latitude,
        longitude: position.longitude,
        accuracy: position.accuracy,
        timestamp: new Date().toISOString(),
        faceImage: capture.image,
        faceDescriptor: capture.descriptor,
        verificationMethod: 'face',
        challengeId: issued.id,
        ...proof,
        ...(capture.proof ?? {}),
      });
      performance.mark('face:punch-answered');
      closeDialog();
      const text = current.startsWith('break-') && answer?.message ? answer.message : t.okText;
      await alertDialog('success', t.ok, text, undefined, afterOpening);
    } catch (err) {
      closeDialog();
      await alertDialog('error', t.fail, errorMessage(err, t.fallback), undefined, afterOpening);
    }
  };

  const dialog = kind !== null && (
    <LazyFaceDialog
      title={`Verifikasi Wajah · ${TEXT[kind].label}`}
      challenge={challenge}
      onClose={() => {
        attempt.current = null;
        setKind(null);
      }}
      // The confirmation opens the moment the face is verified, over the dialog's success tick (which
      // stays for its half second beneath it, then the dialog closes): the tick no longer delays the punch.
      onSucceeded={(capture) => {
        const current = kind;
        const pending = attempt.current;
        attempt.current = null;
        if (current && pending) void submit(current, capture, pending);
      }}
      onVerified={() => setKind(null)}
    />
  );

  /** `ready`: the office is known, so a tap can be judged against it (a disabled button until then). */
  return { start, dialog, busy: kind !== null, ready: !opts.officeLoading };
}
