// The words of the Tutup Harian page (docs/daily-close.md, "The Tutup Harian page"): an office-day's state
// and the statuses its employee-days are counted under, in the order the page shows them.
import { DAY_RESULT_LABELS } from '@/features/corrections/validation/corrections';

export const CLOSE_DAY_STATES = ['closed', 'waiting', 'open', 'today', 'future'] as const;
export type CloseDayState = (typeof CLOSE_DAY_STATES)[number];

export const CLOSE_STATE_LABELS: Record<CloseDayState, string> = {
  closed: 'Ditutup',
  waiting: 'Menunggu klasifikasi ulang',
  open: 'Belum ditutup',
  today: 'Hari ini (berjalan)',
  future: 'Belum tiba',
};

/** `hadir` on time and `terlambat` (present with payable late minutes) are counted apart: they add up. */
export const CLOSE_COUNT_KEYS = [
  'hadir',
  'terlambat',
  'lupa_checkout',
  'dinas_luar',
  'alpa',
  'cuti',
  'izin',
  'sakit',
  'libur',
  'istirahat',
] as const;
export type CloseCountKey = (typeof CLOSE_COUNT_KEYS)[number];

export const CLOSE_COUNT_LABELS: Record<CloseCountKey, string> = {
  ...DAY_RESULT_LABELS,
  hadir: 'Hadir tepat waktu',
  terlambat: 'Terlambat',
};

/**
 * An office-day's state: closed (a DayClose row) unless employee-days of it still wait for
 * re-classification (a day not closed yet is left to its close, so it stays open); a past day without a
 * close is open; today's is still running.
 */
export function closeDayState(d: { date: string; today: string; closed: boolean; waiting: number }): CloseDayState {
  if (d.date > d.today) return 'future';
  if (d.closed) return d.waiting > 0 ? 'waiting' : 'closed';
  return d.date === d.today ? 'today' : 'open';
}
