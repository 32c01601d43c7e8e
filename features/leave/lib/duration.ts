// The length of a leave in its type's unit (docs/leave.md, "Length"): days, or calendar months for the
// leaves the law gives in months (Cuti Melahirkan 3, Keguguran 1.5; UU 13/2003 art. 82). A request is
// always a range of dates and stores its days; a type in months compares the range with its months:
//   - N months from a start run to the day before the same date N months later (1 July + 3 → 30 September);
//     when that date does not exist the months end with the month (31 January + 1 → 28 or 29 February);
//   - half a month is 15 days (10 March + 1.5 → 10 April + 15 days - 1 = 24 April);
//   - a range's length in months is the fewest half months that cover it (1 July to 1 October: 3.5).
// Pure: the form's preview and the server use the same arithmetic.
import { addDays } from '@/lib/dates';
import { numberFormat } from '@/lib/intl';

export const DURATION_UNITS = ['hari', 'bulan'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export const DURATION_UNIT_LABELS: Record<DurationUnit, string> = { hari: 'hari', bulan: 'bulan' };
/** The longest a type in months may allow (a request is at most 366 days). */
export const MAX_MONTHS = 12;
export const HALF_MONTH_DAYS = 15;

const pad = (n: number) => String(n).padStart(2, '0');
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The last day of a leave of `months` calendar months (whole or half) from `start` (YYYY-MM-DD). */
export function monthsEnd(start: string, months: number): string {
  const whole = Math.floor(months);
  const half = months - whole >= 0.5 ? HALF_MONTH_DAYS : 0;
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + whole;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = daysInMonth(year, month);
  // The same date `whole` months later; when the month is shorter, the day after its last day.
  const same = d <= last ? `${year}-${pad(month)}-${pad(d)}` : addDays(`${year}-${pad(month)}-${pad(last)}`, 1);
  return addDays(same, half - 1);
}

/** The length of start..end (inclusive) in months, rounded up to half a month; 0 when end is before start. */
export function lengthInMonths(start: string, end: string): number {
  if (end < start) return 0;
  for (let halves = 1; halves <= 2 * 40; halves++) if (monthsEnd(start, halves / 2) >= end) return halves / 2;
  return Infinity;
}

/** '3 bulan', '1,5 bulan', '2 hari' (numbers as Indonesians write them). */
export const durationText = (n: number, unit: DurationUnit) =>
  `${numberFormat('id-ID', { maximumFractionDigits: 2 }).format(n)} ${DURATION_UNIT_LABELS[unit]}`;
