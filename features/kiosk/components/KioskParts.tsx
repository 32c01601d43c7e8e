'use client';
// The kiosk page's small parts: the pairing form, the clock in the office's zone, the NIK-or-PIN form
// (when the company asks for it first) and the person's confirmation card ("Ya, ini saya" / "Bukan saya").
import { useEffect, useState } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { clockOffset, noteServerTime, saveCredential } from '@/features/kiosk/components/kiosk-client';
import type { PairedKioskDto } from '@/features/kiosk/types/kiosk';
import { useHydrated } from '@/hooks/useHydrated';

export function KioskPairing({ onPaired }: { onPaired: (k: PairedKioskDto) => void }) {
  const hydrated = useHydrated();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const sentAt = Date.now();
    try {
      const paired = await api.post<PairedKioskDto>('/kiosk/pair', { code }, { redirectOn401: false });
      saveCredential(paired.credential);
      noteServerTime(paired.serverTime, sentAt);
      onPaired(paired);
    } catch (err) {
      setError(errorMessage(err, 'Gagal memasangkan kiosk'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      className="mx-auto mt-24 w-full max-w-md space-y-4 rounded-2xl bg-white p-8 text-slate-900 shadow-xl"
    >
      <h1 className="text-2xl font-bold">Pasang Kiosk Absensi</h1>
      <p className="text-sm text-slate-600">Masukkan kode pemasangan dari menu Kiosk Absensi (berlaku 10 menit, sekali pakai).</p>
      <label htmlFor="kiosk-code" className="block text-sm font-medium text-slate-700">
        Kode pemasangan
      </label>
      <input
        id="kiosk-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="off"
        className="w-full rounded-lg border border-slate-300 px-3 py-3 text-center font-mono text-2xl uppercase tracking-[0.3em]"
      />
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || !hydrated || !code.trim()}
        className="w-full rounded-lg bg-blue-600 py-3 font-semibold text-white disabled:opacity-60"
      >
        {busy ? 'Memasangkan...' : 'Pasangkan'}
      </button>
    </form>
  );
}

/** NIK or PIN first (docs/kiosk.md): the person types it, then faces the camera; the face is matched to that person only. */
export function KioskKeyForm({ onKey }: { onKey: (key: string) => void }) {
  const hydrated = useHydrated();
  const [key, setKey] = useState('');
  const valid = /^[A-Za-z0-9]{1,40}$/.test(key.trim());
  return (
    <form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onKey(key.trim());
      }}
      className="mx-auto w-full max-w-md space-y-4 rounded-2xl bg-white p-6 text-slate-900 shadow-xl"
    >
      <label htmlFor="kiosk-person-key" className="block text-lg font-semibold">
        NIK atau PIN
      </label>
      <p className="text-sm text-slate-600">Ketik NIK karyawan atau PIN mesin absensi Anda, lalu menghadap kamera.</p>
      <input
        id="kiosk-person-key"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={40}
        className="w-full rounded-lg border border-slate-300 px-3 py-3 text-center font-mono text-2xl uppercase tracking-[0.2em]"
      />
      <button
        type="submit"
        disabled={!hydrated || !valid}
        className="w-full rounded-lg bg-blue-600 py-3 font-semibold text-white disabled:opacity-60"
      >
        Lanjut
      </button>
    </form>
  );
}

/** The time on the server's clock (the kiosk's corrected by its offset), in the office's zone. */
export function KioskClock({ timezone }: { timezone: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now() + clockOffset());
    tick();
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, []);
  if (now === null) return null;
  const date = new Date(now);
  return (
    <div className="text-center" data-testid="kiosk-clock">
      <p className="font-mono text-6xl font-bold tabular-nums">
        {date.toLocaleTimeString('id-ID', { timeZone: timezone, hour: '2-digit', minute: '2-digit', second: '2-digit' })}
      </p>
      <p className="mt-1 text-lg text-slate-300">
        {date.toLocaleDateString('id-ID', { timeZone: timezone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
      </p>
    </div>
  );
}

export function ConfirmCard({
  name,
  photo,
  action,
  offline,
  onYes,
  onNo,
  breakAction,
  onBreak,
}: {
  name: string;
  photo: string | null;
  action: string | null;
  offline: boolean;
  onYes: () => void;
  onNo: () => void;
  /** Istirahat (docs/calendar.md): the break punch offered besides the check-in/out. */
  breakAction?: 'break-start' | 'break-end' | null;
  onBreak?: () => void;
}) {
  return (
    <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 text-center text-slate-900 shadow-xl" data-testid="kiosk-confirm">
      {photo ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={photo} alt={`Foto ${name}`} className="mx-auto h-40 w-40 rounded-full object-cover" />
      ) : null}
      <p className="mt-4 text-sm text-slate-500">Apakah ini Anda?</p>
      <p className="text-2xl font-bold" data-testid="kiosk-name">
        {name}
      </p>
      {action ? (
        <p className="mt-1 text-slate-600">{action === 'check-out' ? 'Absen pulang (check-out)' : 'Absen masuk (check-in)'}</p>
      ) : null}
      {offline ? <p className="mt-2 text-sm font-medium text-amber-700">Jaringan terputus: absen disimpan dan dikirim nanti.</p> : null}
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button type="button" onClick={onNo} className="rounded-xl border border-slate-300 py-4 text-lg font-semibold text-slate-700">
          Bukan saya
        </button>
        <button type="button" onClick={onYes} className="rounded-xl bg-blue-600 py-4 text-lg font-semibold text-white">
          Ya, ini saya
        </button>
      </div>
      {breakAction && onBreak ? (
        <button type="button" onClick={onBreak} className="mt-3 w-full rounded-xl bg-amber-600 py-4 text-lg font-semibold text-white">
          {breakAction === 'break-start' ? 'Mulai Istirahat' : 'Selesai Istirahat'}
        </button>
      ) : null}
    </div>
  );
}
