'use client';
// The 'Ajukan Cuti' modal: the rules of features/leave/validation/leave.ts (one toast at a time), cancel confirmation, result dialogs.
// `forName`: HR or an admin filing for that employee (userId), on their behalf. The earliest start is the
// chosen type's backdating window (Sakit: a week back).
import { useHydrated } from '@/hooks/useHydrated';
import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { Field, TextField, inputClass } from '@/components/ui/Field';
import { api, ApiError } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { addDays } from '@/lib/dates';
import { isLeaveType, MAX_REASON, leaveFormSchema } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';
import {
  LeaveExtraFields,
  fileToDataUrl,
  typeOptions,
  useLeaveFigures,
  useLeaveTypes,
  type Extra,
} from '@/features/leave/components/LeaveExtraFields';

type Form = { type: string; startDate: string; endDate: string; reason: string };
const EMPTY: Form = { type: 'cuti', startDate: '', endDate: '', reason: '' };
const NO_EXTRA: Extra = { halfDay: '', hours: '', permitKind: 'datang_terlambat', file: null };

const hasInput = (f: Form) => f.type !== EMPTY.type || f.startDate !== '' || f.endDate !== '' || f.reason.trim() !== '';

/** Server text for an answer from the server; otherwise (network, timeout) the spec's fallback. */
function applyFailure(err: unknown): string {
  return err instanceof ApiError && err.status > 0 && err.message ? err.message : 'Terjadi kesalahan server';
}

export function LeaveFormModal({
  userId,
  today,
  forName,
  onClose,
  onApplied,
}: {
  userId: string;
  today: string;
  forName?: string;
  onClose: () => void;
  onApplied: (leave: LeaveDto) => void;
}) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(EMPTY);
  const [extra, setExtra] = useState<Extra>(NO_EXTRA);
  const [submitting, setSubmitting] = useState(false);
  // A type's own rules (how far back it may start, its attachment) come with this list: until it is there the
  // form could only check the defaults, so Ajukan waits for it.
  const types = useLeaveTypes();
  const options = typeOptions(types);
  const chosen = options.find((o) => o.value === form.type)?.config ?? null;
  const { length, hourCost, months } = useLeaveFigures(userId, form.startDate, form.endDate, chosen, extra);
  const earliest = addDays(today, -(chosen?.backdateDays ?? 0));
  const firstField = useRef<HTMLSelectElement>(null);
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => firstField.current?.focus(), []);

  const cancel = async () => {
    if (submitting) return;
    if (hasInput(form)) {
      const ok = await confirmDialog({
        title: 'Batalkan Pengajuan?',
        text: 'Data yang sudah diisi akan hilang. Apakah Anda yakin?',
        confirmText: 'Ya, Batalkan',
        cancelText: 'Lanjutkan Mengisi',
      });
      if (!ok) return;
      setForm(EMPTY);
      void toast('info', 'Pengajuan dibatalkan', 2000);
    }
    onClose();
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // A type beyond the spec's four is sent by id; the shared rules check the rest of the form.
    const legacy = isLeaveType(form.type);
    const message = firstError(leaveFormSchema(earliest).safeParse({ ...form, type: legacy || !form.type ? form.type : 'lainnya' }));
    if (message) return void toast('error', message);
    setSubmitting(true);
    try {
      const attachment = extra.file ? { name: extra.file.name, data: await fileToDataUrl(extra.file) } : undefined;
      const created = await api.post<LeaveDto>('/leaves/apply', {
        userId,
        ...(legacy ? { type: form.type } : { leaveTypeId: form.type }),
        startDate: form.startDate,
        endDate: extra.halfDay || extra.hours ? form.startDate : form.endDate,
        reason: form.reason.trim(),
        ...(extra.halfDay ? { halfDay: extra.halfDay } : {}),
        ...(extra.hours ? { hours: Number(extra.hours), permitKind: extra.permitKind } : {}),
        ...(attachment ? { attachment } : {}),
      });
      setForm(EMPTY);
      setExtra(NO_EXTRA);
      onApplied(created);
      void alertDialog(
        'success',
        'Pengajuan Berhasil!',
        forName
          ? `Pengajuan cuti atas nama ${forName} telah dikirim dan sedang menunggu persetujuan.`
          : 'Pengajuan cuti Anda telah berhasil dikirim dan sedang menunggu persetujuan.',
      );
    } catch (err) {
      void alertDialog('error', 'Pengajuan Gagal', applyFailure(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onKeyDown={(e) => e.key === 'Escape' && void cancel()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="leave-form-title"
        className="max-h-full w-full max-w-lg overflow-y-auto rounded-2xl bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id="leave-form-title" className="text-lg font-semibold text-slate-900">
            {forName ? `Ajukan Cuti untuk ${forName}` : 'Ajukan Cuti'}
          </h2>
          <button type="button" onClick={() => void cancel()} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Tutup">
            <X className="h-5 w-5" />
          </button>
        </div>
        <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
          <Field id="leave-type" label="Jenis Cuti">
            <select
              id="leave-type"
              ref={firstField}
              value={form.type}
              onChange={set('type')}
              disabled={submitting}
              required
              className={inputClass}
            >
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="leave-start"
              label="Dari Tanggal"
              type="date"
              value={form.startDate}
              min={earliest}
              onChange={set('startDate')}
              disabled={submitting}
              required
            />
            <TextField
              id="leave-end"
              label="Sampai Tanggal"
              type="date"
              value={form.endDate}
              min={form.startDate || earliest}
              onChange={set('endDate')}
              disabled={submitting}
              required
            />
          </div>
          <LeaveExtraFields
            config={chosen}
            extra={extra}
            setExtra={setExtra}
            disabled={submitting}
            length={length}
            hourCost={hourCost}
            months={months}
          />
          <Field id="leave-reason" label="Alasan" hint="Minimal 10 karakter">
            <textarea
              id="leave-reason"
              value={form.reason}
              onChange={set('reason')}
              disabled={submitting}
              required
              rows={4}
              maxLength={MAX_REASON}
              placeholder="Jelaskan alasan pengajuan cuti Anda"
              className={inputClass}
            />
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <button
              type="button"
              onClick={() => void cancel()}
              disabled={submitting}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              Batal
            </button>
            <button
              type="submit"
              disabled={submitting || !hydrated || types === null}
              className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
            >
              {submitting ? 'Mengirim...' : 'Ajukan'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
