'use client';
// Tambah / Ubah Jenis Cuti (admin): every field of a type's policy (docs/leave.md). The server checks
// the rules between fields; its message is shown as it comes.
import { useState } from 'react';
import { X } from 'lucide-react';
import { CheckField, NumberField, SelectField, TextField } from '@/components/ui/Field';
import { useHydrated } from '@/hooks/useHydrated';
import { api, ApiError } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { LEAVE_CATEGORIES } from '@/features/leave/validation/leave-ledger';
import type { LeaveTypeDto } from '@/features/leave/types/leave-ledger';

const CATEGORY_LABELS: Record<(typeof LEAVE_CATEGORIES)[number], string> = { cuti: 'Cuti', izin: 'Izin', sakit: 'Sakit' };

type Form = {
  name: string;
  category: (typeof LEAVE_CATEGORIES)[number];
  deductsBalance: boolean;
  quotaPerYear: string;
  quotaPerEvent: string;
  maxDays: string;
  halfDayAllowed: boolean;
  hourlyAllowed: boolean;
  attachmentRequired: boolean;
  attachmentFromDays: string;
  /** Hitungan: working days, calendar days, or calendar months (calendarDays + durationUnit). */
  count: 'kerja' | 'kalender' | 'bulan';
  minNoticeDays: string;
  backdateDays: string;
  paid: boolean;
  active: boolean;
};

const str = (n: number | null | undefined) => (n == null ? '' : String(n));
const fromType = (t: LeaveTypeDto | null): Form => ({
  name: t?.name ?? '',
  category: t?.category ?? 'cuti',
  deductsBalance: t?.deductsBalance ?? false,
  quotaPerYear: str(t?.quotaPerYear),
  quotaPerEvent: str(t?.quotaPerEvent),
  maxDays: str(t?.maxDays),
  halfDayAllowed: t?.halfDayAllowed ?? false,
  hourlyAllowed: t?.hourlyAllowed ?? false,
  attachmentRequired: t?.attachmentRequired ?? false,
  attachmentFromDays: str(t?.attachmentFromDays),
  count: t?.durationUnit === 'bulan' ? 'bulan' : t?.calendarDays ? 'kalender' : 'kerja',
  minNoticeDays: String(t?.minNoticeDays ?? 0),
  backdateDays: String(t?.backdateDays ?? 0),
  paid: t?.paid ?? true,
  active: t?.active ?? true,
});
/** Empty is "none" (null); anything else goes as a number for the server to judge. */
const numOrNull = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));

export function LeaveTypeFormModal({
  type,
  onClose,
  onSaved,
}: {
  type: LeaveTypeDto | null;
  onClose: () => void;
  onSaved: (t: LeaveTypeDto) => void;
}) {
  const hydrated = useHydrated();
  const [f, setF] = useState<Form>(() => fromType(type));
  const [busy, setBusy] = useState(false);
  const annual = type?.code === 'tahunan';
  const unit = f.count === 'bulan' ? 'bulan' : 'hari';
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setF((x) => ({ ...x, [k]: v }));
  const text =
    (k: 'name' | 'quotaPerYear' | 'quotaPerEvent' | 'maxDays' | 'attachmentFromDays' | 'minNoticeDays' | 'backdateDays') =>
    (e: React.ChangeEvent<HTMLInputElement>) =>
      set(k, e.target.value);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (f.name.trim().length < 2) return void toast('error', 'Nama jenis cuti minimal 2 karakter');
    const body = {
      name: f.name.trim(),
      category: f.category,
      deductsBalance: f.deductsBalance,
      ...(annual ? { quotaPerYear: numOrNull(f.quotaPerYear) } : {}),
      quotaPerEvent: numOrNull(f.quotaPerEvent),
      maxDays: numOrNull(f.maxDays),
      halfDayAllowed: f.halfDayAllowed,
      hourlyAllowed: f.hourlyAllowed,
      attachmentRequired: f.attachmentRequired,
      attachmentFromDays: f.attachmentRequired ? numOrNull(f.attachmentFromDays) : null,
      calendarDays: f.count !== 'kerja',
      durationUnit: unit,
      minNoticeDays: Number(f.minNoticeDays || 0),
      backdateDays: Number(f.backdateDays || 0),
      paid: f.paid,
      active: f.active,
    };
    setBusy(true);
    try {
      const saved = type
        ? await api.put<LeaveTypeDto>(`/leave-types/${type.id}`, body)
        : await api.post<LeaveTypeDto>('/leave-types', body);
      void toast('success', type ? 'Jenis cuti berhasil diperbarui' : 'Jenis cuti berhasil ditambahkan');
      onSaved(saved);
    } catch (err) {
      void toast('error', err instanceof ApiError && err.message ? err.message : 'Gagal menyimpan jenis cuti');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onKeyDown={(e) => e.key === 'Escape' && !busy && onClose()}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="leave-type-form-title"
        className="max-h-full w-full max-w-2xl overflow-y-auto rounded-2xl bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id="leave-type-form-title" className="text-lg font-semibold text-slate-900">
            {type ? `Ubah ${type.name}` : 'Tambah Jenis Cuti'}
          </h2>
          <button
            type="button"
            onClick={onClose}
            disabled={busy}
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Tutup"
          >
            <X className="h-5 w-5" />
          </button>
        </div>
        <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="lt-name" label="Nama" value={f.name} onChange={text('name')} maxLength={100} disabled={busy} />
            <SelectField
              id="lt-category"
              label="Kategori"
              value={f.category}
              onChange={(e) => set('category', e.target.value as Form['category'])}
              disabled={busy}
            >
              {LEAVE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </SelectField>
            {annual ? (
              <NumberField
                id="lt-quota-year"
                label="Hak cuti per tahun (hari)"
                min={0}
                step={0.5}
                value={f.quotaPerYear}
                onChange={text('quotaPerYear')}
                disabled={busy}
              />
            ) : null}
            <NumberField
              id="lt-quota-event"
              label={`Kuota per peristiwa (${unit})`}
              hint="Kosongkan bila tanpa kuota"
              min={0.5}
              step={0.5}
              value={f.quotaPerEvent}
              onChange={text('quotaPerEvent')}
              disabled={busy}
            />
            <NumberField
              id="lt-max"
              label={`Durasi maksimal per pengajuan (${unit})`}
              hint="Kosongkan bila tanpa batas"
              min={0.5}
              step={0.5}
              value={f.maxDays}
              onChange={text('maxDays')}
              disabled={busy}
            />
            <NumberField
              id="lt-notice"
              label="Pemberitahuan minimal (hari sebelum mulai)"
              min={0}
              step={1}
              value={f.minNoticeDays}
              onChange={text('minNoticeDays')}
              disabled={busy}
            />
            <NumberField
              id="lt-backdate"
              label="Boleh diajukan mundur (hari setelah mulai)"
              min={0}
              step={1}
              value={f.backdateDays}
              onChange={text('backdateDays')}
              disabled={busy}
            />
            <SelectField
              id="lt-count"
              label="Hitungan"
              hint={unit === 'bulan' ? 'Bulan kalender: 3 bulan sejak 1 Juli sampai 30 September; ½ bulan = 15 hari' : undefined}
              value={f.count}
              onChange={(e) => {
                const count = e.target.value as Form['count'];
                setF((x) => ({ ...x, count, ...(count === 'bulan' ? { halfDayAllowed: false, hourlyAllowed: false } : {}) }));
              }}
              disabled={busy}
            >
              <option value="kerja">Hari kerja</option>
              <option value="kalender">Hari kalender</option>
              <option value="bulan">Bulan kalender</option>
            </SelectField>
          </div>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">Aturan</legend>
            <CheckField
              id="lt-deducts"
              label="Memotong saldo cuti tahunan"
              checked={f.deductsBalance}
              disabled={busy || annual}
              onChange={(v) => set('deductsBalance', v)}
            />
            <CheckField
              id="lt-half"
              label="Boleh setengah hari"
              checked={f.halfDayAllowed}
              disabled={busy || unit === 'bulan'}
              onChange={(v) => set('halfDayAllowed', v)}
            />
            <CheckField
              id="lt-hourly"
              label="Boleh izin per jam"
              checked={f.hourlyAllowed}
              disabled={busy || unit === 'bulan'}
              onChange={(v) => set('hourlyAllowed', v)}
            />
            <CheckField id="lt-paid" label="Dibayar" checked={f.paid} disabled={busy} onChange={(v) => set('paid', v)} />
            <CheckField
              id="lt-attach"
              label="Lampiran wajib"
              checked={f.attachmentRequired}
              disabled={busy}
              onChange={(v) => set('attachmentRequired', v)}
            />
            <CheckField id="lt-active" label="Aktif" checked={f.active} disabled={busy} onChange={(v) => set('active', v)} />
          </fieldset>
          {f.deductsBalance && f.hourlyAllowed ? (
            <p className="text-xs text-slate-600">
              Izin per jam dipotong dari saldo cuti tahunan: jumlah jam ÷ jam kerja hari itu (8 jam = 1 hari).
            </p>
          ) : null}
          {f.attachmentRequired ? (
            <NumberField
              id="lt-attach-from"
              label={`Lampiran wajib mulai (${unit})`}
              hint="Kosongkan bila selalu wajib"
              min={0}
              step={0.5}
              value={f.attachmentFromDays}
              onChange={text('attachmentFromDays')}
              disabled={busy}
            />
          ) : null}
          <div className="flex justify-end gap-2 pt-2">
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
            >
              Batal
            </button>
            <button
              type="submit"
              disabled={busy || !hydrated}
              className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
            >
              {busy ? 'Menyimpan...' : 'Simpan'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
