'use client';
// 'Ajukan Lembur' (an employee's own request) and 'Tugaskan Lembur' (admin/HR: an employee and an
// optional SPKL number). The server checks the calendar and the caps; its message is shown as it is.
import { useHydrated } from '@/hooks/useHydrated';
import { useState } from 'react';
import { Field, TextField, inputClass } from '@/components/ui/Field';
import { Modal, buttonClass } from '@/components/ui/Modal';
import { PersonField } from '@/features/employees/components/PersonPicker';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { overtimeCreateSchema } from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';

export function OvertimeFormModal({
  assignFor,
  today,
  onClose,
  onSaved,
}: {
  /** Admin, HR: 'Tugaskan Lembur' to an employee picked here (searched on the server), never `assignFor.self`. */
  assignFor?: { self: string | undefined };
  today: string;
  onClose: () => void;
  onSaved: (o: OvertimeDto) => void;
}) {
  const hydrated = useHydrated();
  const assign = !!assignFor;
  const [form, setForm] = useState({ userId: '', date: today, startTime: '17:00', endTime: '19:00', reason: '', orderNumber: '' });
  // Admin, HR: overtime already worked, recorded on the employee's behalf (any day of an open period; docs/overtime.md).
  const [onBehalf, setOnBehalf] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (assign && !form.userId) return void toast('error', 'Karyawan harus dipilih');
    const body = {
      ...form,
      userId: assign ? form.userId : undefined,
      orderNumber: assign && !onBehalf ? form.orderNumber : undefined,
      ...(assign && onBehalf ? { onBehalf: true } : {}),
    };
    const message = firstError(overtimeCreateSchema.safeParse(body));
    if (message) return void toast('error', message);
    setBusy(true);
    try {
      const saved = await api.post<OvertimeDto>('/overtime', body);
      onSaved(saved);
      void alertDialog(
        'success',
        assign ? (onBehalf ? 'Lembur Dicatat' : 'Lembur Ditugaskan') : 'Pengajuan Terkirim',
        assign
          ? onBehalf
            ? 'Lembur atas nama karyawan menunggu persetujuan.'
            : 'Penugasan menunggu persetujuan karyawan.'
          : 'Pengajuan lembur Anda menunggu persetujuan.',
      );
    } catch (err) {
      void alertDialog('error', assign ? 'Penugasan Gagal' : 'Pengajuan Gagal', errorMessage(err, 'Terjadi kesalahan server'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal id="overtime-form" title={assign ? 'Tugaskan Lembur' : 'Ajukan Lembur'} onClose={onClose}>
      <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        {assign ? (
          <PersonField
            id="overtime-user"
            label="Karyawan"
            value={form.userId}
            onChange={(userId) => setForm((f) => ({ ...f, userId }))}
            exclude={assignFor.self ? [assignFor.self] : []}
            disabled={busy}
            required
          />
        ) : null}
        <TextField
          id="overtime-date"
          label="Tanggal"
          hint="Hari kerja sesuai jadwal (untuk shift malam: tanggal shift dimulai)"
          type="date"
          value={form.date}
          onChange={set('date')}
          disabled={busy}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="overtime-start" label="Jam Mulai" type="time" value={form.startTime} onChange={set('startTime')} disabled={busy} />
          <TextField id="overtime-end" label="Jam Selesai" type="time" value={form.endTime} onChange={set('endTime')} disabled={busy} />
        </div>
        <p className="text-xs text-slate-600">
          Hari kerja: paling lama 4 jam sehari dan 18 jam seminggu, dimulai setelah jam kerja berakhir. Hari istirahat dan hari libur tidak
          dihitung dalam batas itu.
        </p>
        {assign ? (
          <label className="flex items-start gap-2 text-sm text-slate-700" htmlFor="overtime-on-behalf">
            <input
              id="overtime-on-behalf"
              type="checkbox"
              className="mt-0.5 h-4 w-4"
              checked={onBehalf}
              onChange={(e) => setOnBehalf(e.target.checked)}
              disabled={busy}
            />
            <span>Catat lembur yang sudah dikerjakan atas nama karyawan (bukan penugasan)</span>
          </label>
        ) : null}
        {assign && !onBehalf ? (
          <TextField
            id="overtime-order"
            label="Nomor SPKL (opsional)"
            value={form.orderNumber}
            onChange={set('orderNumber')}
            disabled={busy}
            maxLength={64}
          />
        ) : null}
        <Field id="overtime-reason" label="Keterangan Pekerjaan" hint="Minimal 5 karakter">
          <textarea
            id="overtime-reason"
            value={form.reason}
            onChange={set('reason')}
            disabled={busy}
            rows={3}
            maxLength={500}
            className={inputClass}
          />
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} disabled={busy} className={buttonClass.secondary}>
            Batal
          </button>
          <button type="submit" disabled={busy || !hydrated} className={buttonClass.primary}>
            {busy ? 'Mengirim...' : assign ? 'Tugaskan' : 'Ajukan'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
