'use client';
// The correction form (Koreksi Absensi): one day, what to correct, times or a note, the reason and an
// optional attachment. The employee asks for their own day; an admin (`direct`) picks an employee
// (searched on the server) and corrects their day directly. Rules: features/corrections/validation/corrections.ts, shared with the server.
import { useState } from 'react';
import { useHydrated } from '@/hooks/useHydrated';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { PersonPicker } from '@/features/employees/components/PersonPicker';
import { fileToDataUrl } from '@/features/leave/components/LeaveExtraFields';
import {
  CORRECTION_KINDS,
  CORRECTION_KIND_LABELS,
  correctionSchema,
  type CorrectionKindValue,
} from '@/features/corrections/validation/corrections';

const input =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200';
const MAX_FILE = 2 * 1024 * 1024;

export type CorrectionPrefill = { date?: string; kind?: CorrectionKindValue };

export function CorrectionForm({
  prefill,
  direct = false,
  onSaved,
}: {
  prefill?: CorrectionPrefill;
  /** An admin correcting an employee's day at once (the employee picked here), not a request for their own. */
  direct?: boolean;
  onSaved: () => void;
}) {
  const hydrated = useHydrated();
  const [userId, setUserId] = useState('');
  const [date, setDate] = useState(prefill?.date ?? '');
  const [kind, setKind] = useState<CorrectionKindValue>(prefill?.kind ?? 'tambah_jam');
  const [checkIn, setCheckIn] = useState('');
  const [checkOut, setCheckOut] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      ...(direct ? { userId } : {}),
      date,
      kind,
      checkIn: kind === 'dinas_luar' || kind === 'tambah_jam' ? checkIn : '',
      checkOut: kind === 'dinas_luar' || kind === 'tambah_jam' ? checkOut : '',
      note,
      reason,
    };
    const parsed = correctionSchema.safeParse(body);
    const found: Record<string, string> = {};
    if (direct && !userId) found.userId = 'Pilih karyawan';
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'form')] ??= issue.message;
    if (file && file.size > MAX_FILE) found.attachment = 'Ukuran lampiran maksimal 2 MB';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const attachment = file ? { name: file.name, data: await fileToDataUrl(file) } : undefined;
      await api.post('/corrections', { ...body, ...(attachment ? { attachment } : {}) });
      void alertDialog(
        'success',
        direct ? 'Koreksi Tersimpan' : 'Pengajuan Terkirim',
        direct ? 'Absensi karyawan berhasil dikoreksi' : 'Pengajuan koreksi absensi berhasil dikirim dan menunggu persetujuan',
      );
      setCheckIn('');
      setCheckOut('');
      setNote('');
      setReason('');
      setFile(null);
      onSaved();
    } catch (err) {
      void alertDialog('error', 'Gagal Mengirim', errorMessage(err, 'Terjadi kesalahan'));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) =>
    errors[k] ? (
      <p className="mt-1 text-xs text-red-700" role="alert">
        {errors[k]}
      </p>
    ) : null;

  return (
    <form
      method="post"
      onSubmit={submit}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2"
      aria-label={direct ? 'Koreksi langsung' : 'Form koreksi absensi'}
    >
      {direct ? (
        <div className="text-sm text-slate-700 sm:col-span-2">
          <label htmlFor="correction-user">Karyawan</label>
          <PersonPicker
            id="correction-user"
            className={input}
            role="employee"
            value={userId}
            onChange={(id) => setUserId(id)}
            required
            invalid={!!errors.userId}
          />
          {err('userId')}
        </div>
      ) : null}
      <label className="text-sm text-slate-700">
        Tanggal
        <input type="date" className={input} value={date} onChange={(e) => setDate(e.target.value)} required aria-invalid={!!errors.date} />
        {err('date')}
      </label>
      <label className="text-sm text-slate-700">
        Jenis Koreksi
        <select className={input} value={kind} onChange={(e) => setKind(e.target.value as CorrectionKindValue)}>
          {CORRECTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {CORRECTION_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {kind !== 'sanggah_alpa' ? (
        <>
          <label className="text-sm text-slate-700">
            Jam Check-in
            <input
              type="time"
              className={input}
              value={checkIn}
              onChange={(e) => setCheckIn(e.target.value)}
              aria-invalid={!!errors.checkIn}
            />
            {err('checkIn')}
          </label>
          <label className="text-sm text-slate-700">
            Jam Check-out
            <input
              type="time"
              className={input}
              value={checkOut}
              onChange={(e) => setCheckOut(e.target.value)}
              aria-invalid={!!errors.checkOut}
            />
            {err('checkOut')}
          </label>
        </>
      ) : null}
      {kind === 'dinas_luar' ? (
        <label className="text-sm text-slate-700 sm:col-span-2">
          Keterangan Dinas Luar
          <input
            type="text"
            className={input}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Tempat dan keperluan"
            aria-invalid={!!errors.note}
          />
          {err('note')}
        </label>
      ) : null}
      <label className="text-sm text-slate-700 sm:col-span-2">
        Alasan Koreksi
        <textarea
          className={input}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          aria-invalid={!!errors.reason}
        />
        {err('reason')}
      </label>
      <label className="text-sm text-slate-700 sm:col-span-2">
        Lampiran (opsional; PDF, JPEG, PNG atau WebP, maks. 2 MB)
        <input
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          className="block w-full text-sm"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {err('attachment')}
      </label>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={busy || !hydrated}
          className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
        >
          {direct ? 'Simpan Koreksi' : 'Ajukan Koreksi'}
        </button>
      </div>
    </form>
  );
}
