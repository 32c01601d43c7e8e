// The figure columns of the Rekap Bulanan (docs/recap.md), one list for the page's tables and every file
// (XLSX, PDF, CSV, JSON: features/recap/server/recap-export.ts), so the screen and the files show the same
// columns under the same headers, in the same order. Every header is unique and says its unit:
//   - a leave category's total is "Cuti total (hari)" / "Izin total (hari)" / "Sakit total (hari)", and is
//     followed by the leave types of that category, "Jenis: Cuti Tahunan (hari)" …, whose days add up to it;
//   - overtime: "Lembur ×1,5 (jam)", "Lembur ×2 (jam)" … add up to "Lembur total (jam)", and "Lembur (jam
//     setara)" is Σ hours × multiplier (what pay is computed from).
import type { LeaveCategory, RecapDto, RecapTotals } from '@/features/recap/types/recap';

/** The figures a row of either table has (an employee's row or an office's totals). */
export type RecapFigures = Omit<RecapTotals, 'employees' | 'officeId' | 'officeName'>;

export type RecapColumnGroup = 'Kehadiran' | 'Cuti, Izin, Sakit' | 'Lembur' | 'Lainnya';

export type RecapColumn = {
  /** The JSON key (docs/exports.md). */
  key: string;
  header: string;
  group: RecapColumnGroup;
  value: (r: RecapFigures) => number;
  /** Width in characters (XLSX; relative in the PDF). */
  width: number;
};

export const LEAVE_CATEGORIES: { category: LeaveCategory; label: string }[] = [
  { category: 'cuti', label: 'Cuti' },
  { category: 'izin', label: 'Izin' },
  { category: 'sakit', label: 'Sakit' },
];

/** "1,5" for 1.5: how a multiplier reads in a header. */
export const multiplierLabel = (m: number) => String(m).replace('.', ',');

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * The leave types of a category, by name: those the recap says belong to it. A type whose category is not
 * known (a snapshot stored before the recap kept it) goes by its first word ("Izin Tanpa Upah": izin,
 * "Sakit": sakit), else with cuti.
 */
export function leaveTypesOf(recap: Pick<RecapDto, 'leaveTypes' | 'leaveTypeCategories'>, category: LeaveCategory): string[] {
  const categoryOf = (t: string): LeaveCategory =>
    recap.leaveTypeCategories?.[t] ??
    LEAVE_CATEGORIES.find((c) => c.label.toLowerCase() === t.split(/\s+/)[0]!.toLowerCase())?.category ??
    'cuti';
  return recap.leaveTypes.filter((t) => categoryOf(t) === category);
}

/** The figure columns of a recap: the leave types and overtime multipliers of the month get columns of their own. */
export function recapFigureColumns(recap: Pick<RecapDto, 'leaveTypes' | 'leaveTypeCategories' | 'multipliers'>): RecapColumn[] {
  const col = (key: string, header: string, group: RecapColumnGroup, value: (r: RecapFigures) => number, width = 10): RecapColumn => ({
    key,
    header,
    group,
    value,
    width,
  });
  const leave = LEAVE_CATEGORIES.flatMap(({ category, label }) => [
    col(category, `${label} total (hari)`, 'Cuti, Izin, Sakit', (r) => r[category]),
    ...leaveTypesOf(recap, category).map((t) =>
      col(`leave_${recap.leaveTypes.indexOf(t) + 1}`, `Jenis: ${t} (hari)`, 'Cuti, Izin, Sakit', (r) => r.leaveByType[t] ?? 0, 12),
    ),
  ]);
  return [
    col('workDays', 'Hari Wajib Hadir', 'Kehadiran', (r) => r.workDays),
    col('present', 'Hadir (hari)', 'Kehadiran', (r) => r.present),
    col('lateCount', 'Terlambat (kali)', 'Kehadiran', (r) => r.lateCount),
    col('lateMinutes', 'Terlambat (menit)', 'Kehadiran', (r) => r.lateMinutes),
    col('earlyCount', 'Pulang Cepat (kali)', 'Kehadiran', (r) => r.earlyCount),
    col('earlyMinutes', 'Pulang Cepat (menit)', 'Kehadiran', (r) => r.earlyMinutes),
    col('alpa', 'Tidak Hadir (Alpa, hari)', 'Kehadiran', (r) => r.alpa),
    col('dinasLuar', 'Dinas Luar (hari)', 'Kehadiran', (r) => r.dinasLuar),
    col('holidaysWorked', 'Masuk Hari Libur (hari)', 'Kehadiran', (r) => r.holidaysWorked),
    col('restDaysWorked', 'Masuk Hari Istirahat (hari)', 'Kehadiran', (r) => r.restDaysWorked),
    col('lupaCheckout', 'Lupa Check-out (hari)', 'Kehadiran', (r) => r.lupaCheckout),
    col('correctedDays', 'Hari Dikoreksi', 'Kehadiran', (r) => r.correctedDays),
    ...leave,
    ...recap.multipliers.map((m) =>
      col(
        `overtime_x${String(m).replace('.', '_')}`,
        `Lembur ×${multiplierLabel(m)} (jam)`,
        'Lembur',
        (r) => r.overtime.classes.find((c) => c.multiplier === m)?.hours ?? 0,
      ),
    ),
    col('overtimeHours', 'Lembur total (jam)', 'Lembur', (r) => hours(r.overtime.payableMinutes)),
    col('overtimeEquivalentHours', 'Lembur (jam setara)', 'Lembur', (r) => r.overtime.equivalentHours, 12),
    // Istirahat (docs/calendar.md): days whose punched break ran over, and the minutes over.
    col('breakOverCount', 'Lebih Istirahat (kali)', 'Lainnya', (r) => r.breakOverCount ?? 0),
    col('breakOverMinutes', 'Lebih Istirahat (menit)', 'Lainnya', (r) => r.breakOverMinutes ?? 0),
    col('unresolvedFlags', 'Tanda Wajah Belum Ditinjau', 'Lainnya', (r) => r.unresolvedFlags),
    col('openDays', 'Belum Ditutup (hari)', 'Lainnya', (r) => r.openDays),
  ];
}
