'use client';
// 'Tambah Jadwal' / 'Edit Jadwal' (admin): a name, for each weekday a start and end or a rest day,
// break minutes, the late tolerance, and whether it is the company's standard schedule.
import { useState } from 'react';
import { Moon } from 'lucide-react';
import { NumberField, TextField, inputClass } from '@/components/ui/Field';
import { Modal, ModalActions } from '@/components/ui/Modal';
import { WEEKDAYS, crossesMidnight } from '@/features/calendar/components/schedules/format';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { scheduleSchema } from '@/features/calendar/validation/calendar';
import type { ScheduleDto } from '@/features/calendar/types/schedules';
import { useHydrated } from '@/hooks/useHydrated';
import { announceSaved } from '@/features/periods/components/saved-notice';
import type { PeriodNotice } from '@/features/periods/types/periods';

type Day = { start: string; end: string; rest: boolean };
type Form = { name: string; breakMinutes: string; breakPunch: boolean; lateToleranceMinutes: string; isDefault: boolean; days: Day[] };

function initial(s: ScheduleDto | null): Form {
  if (!s)
    return {
      name: '',
      breakMinutes: '60',
      breakPunch: false,
      lateToleranceMinutes: '15',
      isDefault: false,
      days: WEEKDAYS.map((_, i) => ({ start: '08:00', end: '17:00', rest: i >= 5 })),
    };
  return {
    name: s.name,
    breakMinutes: String(s.breakMinutes),
    breakPunch: s.breakPunch,
    lateToleranceMinutes: String(s.lateToleranceMinutes),
    isDefault: s.isDefault,
    days: s.days.map((d) => ({ start: d.start ?? '', end: d.end ?? '', rest: !d.start })),
  };
}

const toNumber = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

export function ScheduleFormModal({
  schedule,
  onClose,
  onSaved,
}: {
  schedule: ScheduleDto | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<Form>(() => initial(schedule));
  const [saving, setSaving] = useState(false);
  const setDay = (i: number, patch: Partial<Day>) =>
    setForm((f) => ({ ...f, days: f.days.map((d, j) => (j === i ? { ...d, ...patch } : d)) }));
  const sameAsMonday = () =>
    setForm((f) => ({
      ...f,
      days: f.days.map((d, i) => (i === 0 || d.rest ? d : { ...d, start: f.days[0]!.start, end: f.days[0]!.end })),
    }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name: form.name,
      breakMinutes: toNumber(form.breakMinutes),
      breakPunch: form.breakPunch,
      lateToleranceMinutes: toNumber(form.lateToleranceMinutes),
      isDefault: form.isDefault,
      days: form.days.map((d, i) => ({
        weekday: i + 1,
        start: d.rest ? undefined : d.start || undefined,
        end: d.rest ? undefined : d.end || undefined,
      })),
    };
    const invalid = firstError(scheduleSchema.safeParse(body));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    try {
      const res = schedule
        ? await api.put<{ message: string; periodNotice: PeriodNotice | null }>(`/schedules/${schedule.id}`, body)
        : await api.post<{ message: string; periodNotice: PeriodNotice | null }>('/schedules', body);
      onSaved();
      announceSaved({ title: schedule ? 'Berhasil Update' : 'Berhasil Tambah', text: res.message, notice: res.periodNotice });
    } catch (err) {
      void alertDialog('error', schedule ? 'Gagal Update' : 'Gagal Tambah', errorMessage(err, 'Gagal menyimpan jadwal'));
    } finally {
      setSaving(false);
    }
  };

  const close = () => !saving && onClose();
  return (
    <Modal id="schedule-form" title={schedule ? 'Edit Jadwal' : 'Tambah Jadwal'} onClose={close} wide>
      <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        <TextField
          id="schedule-name"
          label="Nama Jadwal"
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          disabled={saving}
          placeholder="Shift Malam"
          autoFocus
        />
        <div className="grid grid-cols-2 gap-3">
          <NumberField
            id="schedule-break"
            label="Istirahat (menit)"
            min={0}
            max={480}
            value={form.breakMinutes}
            onChange={(e) => setForm({ ...form, breakMinutes: e.target.value })}
            disabled={saving}
          />
          <NumberField
            id="schedule-tolerance"
            label="Toleransi Terlambat (menit)"
            min={0}
            max={240}
            value={form.lateToleranceMinutes}
            onChange={(e) => setForm({ ...form, lateToleranceMinutes: e.target.value })}
            disabled={saving}
          />
        </div>
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Jam Kerja per Hari</legend>
          <div className="space-y-2">
            {form.days.map((d, i) => {
              const day = WEEKDAYS[i]!;
              return (
                <div key={day} className="grid grid-cols-[4.5rem_1fr_1fr_auto] items-center gap-2" data-testid={`schedule-day-${i + 1}`}>
                  <span className="text-sm font-medium text-slate-700">{day}</span>
                  <input
                    type="time"
                    aria-label={`Jam masuk ${day}`}
                    className={inputClass}
                    value={d.rest ? '' : d.start}
                    onChange={(e) => setDay(i, { start: e.target.value })}
                    disabled={saving || d.rest}
                  />
                  <input
                    type="time"
                    aria-label={`Jam pulang ${day}`}
                    className={inputClass}
                    value={d.rest ? '' : d.end}
                    onChange={(e) => setDay(i, { end: e.target.value })}
                    disabled={saving || d.rest}
                  />
                  <label className="flex items-center gap-1 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={d.rest}
                      onChange={(e) => setDay(i, { rest: e.target.checked })}
                      disabled={saving}
                      aria-label={`${day} libur`}
                    />
                    Libur
                  </label>
                  {!d.rest && crossesMidnight(d.start, d.end) ? (
                    <p className="col-span-4 -mt-1 flex items-center gap-1 text-xs text-indigo-700">
                      <Moon className="h-3 w-3" aria-hidden /> Shift melewati tengah malam: absensi dicatat pada hari shift dimulai.
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <button type="button" onClick={sameAsMonday} disabled={saving} className="mt-3 text-xs font-medium text-blue-600 hover:underline">
            Samakan jam semua hari kerja dengan Senin
          </button>
        </fieldset>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.breakPunch}
            onChange={(e) => setForm({ ...form, breakPunch: e.target.checked })}
            disabled={saving}
          />
          Wajib absen istirahat (Mulai/Selesai Istirahat; lama istirahat di atas adalah batasnya)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.isDefault}
            onChange={(e) => setForm({ ...form, isDefault: e.target.checked })}
            disabled={saving || !!schedule?.isDefault}
          />
          Jadikan jadwal standar perusahaan
        </label>
        <ModalActions onCancel={close} busy={saving || !hydrated} submitLabel={schedule ? 'Update' : 'Tambah'} />
      </form>
    </Modal>
  );
}
