'use client';
// One roster cell (an employee on a date): a schedule's shift of that weekday, explicit hours, Libur,
// or 'Kembalikan ke jadwal' (the override removed, the schedule and the holiday calendar decide again).
import { useState } from 'react';
import { NumberField, SelectField, TextField } from '@/components/ui/Field';
import { Modal, ModalActions } from '@/components/ui/Modal';
import { cellText, crossesMidnight, shiftLabel, WEEKDAYS } from '@/features/calendar/components/schedules/format';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { DAY_STATUS_LABELS, rosterUpdateSchema, type RosterCellInput } from '@/features/calendar/validation/calendar';
import { formatDateLong, isoWeekday } from '@/lib/dates';
import type { RosterCell, RosterRow } from '@/features/calendar/types/calendar';
import type { ScheduleDto } from '@/features/calendar/types/schedules';
import { useHydrated } from '@/hooks/useHydrated';

type Choice = 'schedule' | 'hours' | 'rest' | 'clear';
const num = (v: string) => (v.trim() === '' ? 0 : Number(v));

export function RosterCellDialog({
  row,
  cell,
  schedules,
  onClose,
  onSaved,
}: {
  row: RosterRow;
  cell: RosterCell;
  schedules: ScheduleDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const hydrated = useHydrated();
  const weekday = isoWeekday(cell.date);
  const usable = schedules.filter((s) => s.days[weekday - 1]?.start);
  const [choice, setChoice] = useState<Choice>(usable.length ? 'schedule' : 'hours');
  const [scheduleId, setScheduleId] = useState(usable[0]?.id ?? '');
  const [hours, setHours] = useState({
    start: cell.shiftStart ?? '',
    end: cell.shiftEnd ?? '',
    breakMinutes: String(cell.breakMinutes ?? 0),
    lateToleranceMinutes: String(cell.lateToleranceMinutes ?? 0),
  });
  const [saving, setSaving] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const base = { userId: row.userId, date: cell.date };
    const value: RosterCellInput =
      choice === 'schedule'
        ? { ...base, scheduleId }
        : choice === 'hours'
          ? {
              ...base,
              start: hours.start || undefined,
              end: hours.end || undefined,
              breakMinutes: num(hours.breakMinutes),
              lateToleranceMinutes: num(hours.lateToleranceMinutes),
            }
          : choice === 'rest'
            ? { ...base, rest: true }
            : { ...base, clear: true };
    const body = { cells: [value] };
    const invalid = firstError(rosterUpdateSchema.safeParse(body));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    try {
      await api.put('/roster', body);
      onSaved();
      void toast('success', choice === 'clear' ? 'Jadwal dikembalikan ke jadwal karyawan' : 'Jadwal berhasil disimpan');
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan jadwal'));
    } finally {
      setSaving(false);
    }
  };

  const option = (value: Choice, label: string, disabled = false) => (
    <label className={`flex items-center gap-2 text-sm ${disabled ? 'text-slate-500' : 'text-slate-800'}`}>
      <input
        type="radio"
        name="roster-choice"
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
        disabled={saving || disabled}
      />
      {label}
    </label>
  );
  const close = () => !saving && onClose();
  const night = choice === 'hours' && crossesMidnight(hours.start, hours.end);

  return (
    <Modal id="roster-cell" title="Atur Jadwal" onClose={close}>
      <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">{row.name}</p>
          <p>{formatDateLong(cell.date)}</p>
          <p data-testid="roster-cell-current">
            Saat ini: {cellText(cell)} ({DAY_STATUS_LABELS[cell.status]}
            {cell.override ? ', diatur manual' : ''})
          </p>
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-700">Pilih jadwal hari ini</legend>
          {option('schedule', 'Shift dari jadwal', usable.length === 0)}
          {choice === 'schedule' ? (
            <SelectField
              id="roster-schedule"
              label={`Jadwal (jam hari ${WEEKDAYS[weekday - 1]})`}
              value={scheduleId}
              onChange={(e) => setScheduleId(e.target.value)}
              disabled={saving}
            >
              {usable.map((s) => {
                const d = s.days[weekday - 1]!;
                return (
                  <option key={s.id} value={s.id}>
                    {s.name} ({shiftLabel(d.start!, d.end!)})
                  </option>
                );
              })}
            </SelectField>
          ) : null}
          {option('hours', 'Jam kerja khusus')}
          {choice === 'hours' ? (
            <div className="grid grid-cols-2 gap-3">
              <TextField
                id="roster-start"
                label="Jam Masuk"
                type="time"
                value={hours.start}
                onChange={(e) => setHours({ ...hours, start: e.target.value })}
                disabled={saving}
              />
              <TextField
                id="roster-end"
                label="Jam Pulang"
                type="time"
                value={hours.end}
                onChange={(e) => setHours({ ...hours, end: e.target.value })}
                disabled={saving}
              />
              <NumberField
                id="roster-break"
                label="Istirahat (menit)"
                min={0}
                max={480}
                value={hours.breakMinutes}
                onChange={(e) => setHours({ ...hours, breakMinutes: e.target.value })}
                disabled={saving}
              />
              <NumberField
                id="roster-tolerance"
                label="Toleransi (menit)"
                min={0}
                max={240}
                value={hours.lateToleranceMinutes}
                onChange={(e) => setHours({ ...hours, lateToleranceMinutes: e.target.value })}
                disabled={saving}
              />
              {night ? (
                <p className="col-span-2 text-xs text-indigo-700">Shift melewati tengah malam: absensinya dicatat pada tanggal ini.</p>
              ) : null}
            </div>
          ) : null}
          {option('rest', 'Libur')}
          {option('clear', 'Kembalikan ke jadwal', !cell.override)}
        </fieldset>
        <ModalActions onCancel={close} busy={saving || !hydrated} submitLabel="Simpan" />
      </form>
    </Modal>
  );
}
