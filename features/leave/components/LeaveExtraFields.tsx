'use client';
// The leave form's type-dependent fields (half day, hours, attachment) and the computed length,
// read from the employee's calendar before the request is sent (docs/leave.md).
import { useEffect, useState } from 'react';
import { Field, NumberField, SelectField } from '@/components/ui/Field';
import { api } from '@/lib/api-client';
import { daysInclusive, isValidDateKey } from '@/lib/dates';
import { LEAVE_TYPES, LEAVE_TYPE_LABELS, PERMIT_KINDS, PERMIT_KIND_LABELS, type PermitKind } from '@/features/leave/validation/leave';
import type { LeaveTypeDto } from '@/features/leave/types/leave-ledger';
import { durationText, lengthInMonths } from '@/features/leave/lib/duration';

/** permitKind: what an hourly permission covers (datang terlambat, pulang cepat, keluar kantor; docs/leave.md). */
export type Extra = { halfDay: '' | 'pagi' | 'siang'; hours: string; permitKind: PermitKind; file: File | null };
export type TypeOption = { value: string; label: string; config: LeaveTypeDto | null };

/** The configured type each of the spec's four values stands for (as LEGACY_CODE on the server). */
const LEGACY_OF: Record<string, string> = { tahunan: 'cuti', sakit: 'sakit', menikah: 'keluarga', tanpa_upah: 'lainnya' };

export function useLeaveTypes(reloadKey = 0): LeaveTypeDto[] | null {
  const [types, setTypes] = useState<LeaveTypeDto[] | null>(null);
  useEffect(() => {
    api.get<LeaveTypeDto[]>('/leave-types').then(
      (t) => setTypes(Array.isArray(t) ? t : []),
      () => setTypes([]),
    );
  }, [reloadKey]);
  return types;
}

/** Options of the type list: the spec's four keep their values (cuti, sakit, …); the others go by id. */
export function typeOptions(types: LeaveTypeDto[] | null): TypeOption[] {
  if (!types?.length) return LEAVE_TYPES.map((t) => ({ value: t, label: LEAVE_TYPE_LABELS[t], config: null }));
  return types.filter((t) => t.active).map((t) => ({ value: LEGACY_OF[t.code] ?? t.id, label: t.name, config: t }));
}

export const fileToDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type CalendarDayLite = { status: string; shiftStart: string | null; shiftEnd: string | null; breakMinutes: number | null };

/** Working hours of a day: the shift less its break (as the server counts an hourly permission). */
function hoursOf(d: CalendarDayLite | undefined): number | null {
  if (!d || d.status !== 'kerja' || !d.shiftStart || !d.shiftEnd) return null;
  const min = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  let m = min(d.shiftEnd) - min(d.shiftStart);
  if (m <= 0) m += 24 * 60;
  m -= d.breakMinutes ?? 0;
  return m > 0 ? m / 60 : null;
}

/**
 * The length: working days of the employee's calendar in the range (calendar days by type), 0.5 for half a
 * day, 0 for an hourly permission; and what an hourly permission of a deducting type takes from the balance (hours ÷ the day's hours). */
export function useLeaveFigures(
  userId: string,
  start: string,
  end: string,
  config: LeaveTypeDto | null,
  extra: Extra,
): { length: number | null; hourCost: number | null; months: number | null } {
  const [days, setDays] = useState<CalendarDayLite[] | null>(null);
  const single = !!extra.halfDay || !!extra.hours;
  const last = single ? start : end;
  const valid = isValidDateKey(start) && isValidDateKey(last) && last >= start && daysInclusive(start, last) <= 366;
  useEffect(() => {
    if (!valid) return setDays(null);
    let live = true;
    api.get<{ days: CalendarDayLite[] }>(`/calendar/${userId}?startDate=${start}&endDate=${last}`).then(
      (c) => live && setDays(c.days),
      () => live && setDays(null),
    );
    return () => {
      live = false;
    };
  }, [userId, start, last, valid]);
  if (!valid) return { length: null, hourCost: null, months: null };
  const working = days ? days.filter((d) => d.status === 'kerja').length : null;
  if (extra.hours) {
    const daily = hoursOf(days?.[0]);
    return {
      length: 0,
      hourCost: config?.deductsBalance && daily ? Math.round((Number(extra.hours) / daily) * 10000) / 10000 : null,
      months: null,
    };
  }
  // A type in calendar months (Cuti Melahirkan) also shows the range in its months, as the server checks it.
  const months = config?.durationUnit === 'bulan' ? lengthInMonths(start, last) : null;
  if (config?.calendarDays && !extra.halfDay) return { length: daysInclusive(start, last), hourCost: null, months };
  if (working === null) return { length: null, hourCost: null, months: null };
  return { length: extra.halfDay ? (working ? 0.5 : 0) : working, hourCost: null, months: null };
}

export function LeaveExtraFields({
  config,
  extra,
  setExtra,
  disabled,
  length,
  hourCost = null,
  months = null,
}: {
  config: LeaveTypeDto | null;
  extra: Extra;
  setExtra: (e: Extra) => void;
  disabled: boolean;
  length: number | null;
  hourCost?: number | null;
  /** The range in calendar months, for a type counted in months. */
  months?: number | null;
}) {
  return (
    <>
      {config?.halfDayAllowed || config?.hourlyAllowed ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {config.halfDayAllowed ? (
            <SelectField
              id="leave-half"
              label="Setengah Hari"
              value={extra.halfDay}
              disabled={disabled}
              onChange={(e) => setExtra({ ...extra, halfDay: e.target.value as Extra['halfDay'], hours: '' })}
            >
              <option value="">Tidak (hari penuh)</option>
              <option value="pagi">Pagi</option>
              <option value="siang">Siang</option>
            </SelectField>
          ) : null}
          {config.hourlyAllowed ? (
            <NumberField
              id="leave-hours"
              label="Jumlah Jam"
              min={0.5}
              max={8}
              step={0.5}
              value={extra.hours}
              disabled={disabled}
              onChange={(e) => setExtra({ ...extra, hours: e.target.value, halfDay: '' })}
            />
          ) : null}
          {config.hourlyAllowed && extra.hours ? (
            <SelectField
              id="leave-permit-kind"
              label="Keperluan Izin"
              value={extra.permitKind}
              disabled={disabled}
              onChange={(e) => setExtra({ ...extra, permitKind: e.target.value as PermitKind })}
            >
              {PERMIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PERMIT_KIND_LABELS[k]}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>
      ) : null}
      <Field
        id="leave-attachment"
        label="Lampiran (surat dokter)"
        hint={
          config?.attachmentRequired
            ? `Wajib${config.attachmentFromDays ? ` untuk ${durationText(config.attachmentFromDays, config.durationUnit)} atau lebih` : ''}; PDF, JPEG, PNG atau WebP, maks. 2 MB`
            : 'Opsional; PDF, JPEG, PNG atau WebP, maks. 2 MB'
        }
      >
        <input
          id="leave-attachment"
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp"
          disabled={disabled}
          onChange={(e) => setExtra({ ...extra, file: e.target.files?.[0] ?? null })}
          className="block w-full text-sm"
        />
      </Field>
      <p data-testid="leave-length" className="text-sm text-slate-700" aria-live="polite">
        {length === null
          ? 'Lama cuti: -'
          : extra.hours
            ? `Lama izin: ${extra.hours} jam${hourCost != null ? ` (memotong ${hourCost.toLocaleString('id-ID', { maximumFractionDigits: 2 })} hari saldo cuti tahunan)` : ''}`
            : `Lama cuti: ${length.toLocaleString('id-ID')} hari${config?.calendarDays ? '' : ' kerja'}${months != null ? ` (${durationText(months, 'bulan')})` : ''}`}
      </p>
    </>
  );
}
