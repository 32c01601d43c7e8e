// Absensi Bulanan (docs/exports.md): the code of each day of the month grid, from the day the daily close
// classified (AttendanceDay, docs/daily-close.md). One pure function shared by the page and the files.

export const GRID_CODES = ['H', 'T', 'A', 'I', 'S', 'C', 'CB', 'L', 'DL', 'LC'] as const;
export type GridCode = (typeof GRID_CODES)[number];

/** The legend, in the order of GRID_CODES: what each code means. */
export const GRID_LEGEND: Record<GridCode, string> = {
  H: 'Hadir',
  T: 'Terlambat (hadir, datang terlambat)',
  A: 'Alpa (tidak hadir tanpa keterangan)',
  I: 'Izin',
  S: 'Sakit',
  C: 'Cuti',
  CB: 'Cuti bersama (libur)',
  L: 'Libur (hari libur atau hari istirahat)',
  DL: 'Dinas luar',
  LC: 'Lupa check-out',
};

/** What an empty cell means. */
export const GRID_EMPTY_LEGEND = 'Kosong: belum ditutup harian, atau di luar masa kerja';

/** The shade of a cell: a rest day (weekend), a holiday (libur nasional, libur perusahaan, cuti bersama), none. */
export type GridShade = 'istirahat' | 'libur' | null;

const HOLIDAYS = new Set(['libur_nasional', 'libur_perusahaan', 'cuti_bersama']);

export function shadeOf(calendarStatus: string | null | undefined): GridShade {
  if (calendarStatus === 'istirahat') return 'istirahat';
  return calendarStatus && HOLIDAYS.has(calendarStatus) ? 'libur' : null;
}

/** A classified day as the grid reads it. */
export type GridDaySource = { status: string; calendarStatus: string; lateMinutes: number };

/**
 * The code of a classified day: T is a hadir day with late minutes (after an hourly permission); CB a day
 * off on cuti bersama; L any other day off (a holiday or a rest day). A day worked on a holiday or a rest
 * day is H/T/DL/LC like any other (its cell is shaded). A half day of leave not worked shows its leave (C, I,
 * S); a half day of leave on a worked day shows the work (H or T).
 */
export function gridCode(d: GridDaySource): GridCode {
  switch (d.status) {
    case 'hadir':
      return d.lateMinutes > 0 ? 'T' : 'H';
    case 'alpa':
      return 'A';
    case 'izin':
      return 'I';
    case 'sakit':
      return 'S';
    case 'cuti':
      return 'C';
    case 'dinas_luar':
      return 'DL';
    case 'lupa_checkout':
      return 'LC';
    case 'libur':
      return d.calendarStatus === 'cuti_bersama' ? 'CB' : 'L';
    default:
      return 'L';
  }
}

/** Each code's count over a row's cells ('' cells count nowhere). */
export function codeCounts(codes: readonly string[]): Record<GridCode, number> {
  const out = Object.fromEntries(GRID_CODES.map((c) => [c, 0])) as Record<GridCode, number>;
  for (const c of codes) if (c in out) out[c as GridCode] += 1;
  return out;
}
