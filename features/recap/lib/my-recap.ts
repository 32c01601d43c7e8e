// Rekap Saya (docs/recap.md): the figures an employee sees of their own month and, for each, the days
// behind it. Pure: the page and the tests use the same rules, so a figure and the days it opens agree.
import type { EmployeeRecapDto, RecapDay, RecapRow } from '@/features/recap/types/recap';

const WORKED = new Set(['hadir', 'dinas_luar', 'lupa_checkout']);

export type MyRecapFigure = {
  key: string;
  label: string;
  /** The figure as the recap row has it (HR's Rekap Bulanan). */
  value: number;
  unit: string;
  /** The days of the month behind the figure. */
  days: RecapDay[];
  /** For the overtime figures: the requests behind them (one line each). */
  overtime?: EmployeeRecapDto['overtimeDays'];
};

/** The days behind each figure of a row: the recap's own definitions (docs/recap.md, "The figures of a row"). */
export const behind = {
  workDays: (d: RecapDay) => d.calendarStatus === 'kerja',
  present: (d: RecapDay) => WORKED.has(d.status),
  late: (d: RecapDay) => d.lateMinutes > 0,
  early: (d: RecapDay) => d.earlyMinutes > 0,
  alpa: (d: RecapDay) => d.status === 'alpa',
  leave: (name: string) => (d: RecapDay) => d.leaveTypeName === name && d.leaveDays > 0,
  open: (d: RecapDay) => d.status === 'belum_ditutup',
  breakOver: (d: RecapDay) => d.breakOverMinutes > 0,
};

/** The figures of Rekap Saya, in the page's order; null when the employee has no row that month. */
export function myRecapFigures(data: EmployeeRecapDto): MyRecapFigure[] | null {
  const row: RecapRow | null = data.summary;
  if (!row) return null;
  const pick = (f: (d: RecapDay) => boolean) => data.days.filter(f);
  const overtimeDays = data.overtimeDays.filter((o) => o.payableMinutes > 0);
  const overtimeDates = new Set(overtimeDays.map((o) => o.date));
  const overtimeBehind = pick((d) => overtimeDates.has(d.date));
  return [
    { key: 'workDays', label: 'Hari Wajib Hadir', value: row.workDays, unit: 'hari', days: pick(behind.workDays) },
    { key: 'present', label: 'Hadir', value: row.present, unit: 'hari', days: pick(behind.present) },
    { key: 'late', label: 'Terlambat', value: row.lateCount, unit: `kali (${row.lateMinutes} menit)`, days: pick(behind.late) },
    { key: 'early', label: 'Pulang Cepat', value: row.earlyCount, unit: `kali (${row.earlyMinutes} menit)`, days: pick(behind.early) },
    ...Object.entries(row.leaveByType)
      .sort((a, b) => a[0].localeCompare(b[0], 'id'))
      .map(([name, value]) => ({ key: `leave:${name}`, label: name, value, unit: 'hari', days: pick(behind.leave(name)) })),
    {
      key: 'breakOver',
      label: 'Lebih Istirahat',
      value: row.breakOverCount ?? 0,
      unit: `kali (${row.breakOverMinutes ?? 0} menit)`,
      days: pick(behind.breakOver),
    },
    { key: 'alpa', label: 'Tidak Hadir (Alpa)', value: row.alpa, unit: 'hari', days: pick(behind.alpa) },
    {
      key: 'overtimeHours',
      label: 'Lembur',
      value: Math.round((row.overtime.payableMinutes / 60) * 100) / 100,
      unit: 'jam',
      days: overtimeBehind,
      overtime: overtimeDays,
    },
    {
      key: 'overtimeEquivalent',
      label: 'Lembur (jam setara)',
      value: row.overtime.equivalentHours,
      unit: 'jam setara',
      days: overtimeBehind,
      overtime: overtimeDays,
    },
    { key: 'open', label: 'Belum Ditutup', value: row.openDays, unit: 'hari', days: pick(behind.open) },
  ];
}
