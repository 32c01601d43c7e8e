// Kalender Libur's colours and texts: each kind of holiday, the offices a holiday applies to, and the
// days of a month laid out Monday first.
import { addDays, isoWeekday } from '@/lib/dates';
import type { HolidayKindValue } from '@/features/calendar/validation/calendar';
import type { HolidayDto } from '@/features/calendar/types/holidays';
import type { OfficeDto } from '@/features/offices/types/offices';

export const KIND_BADGE: Record<HolidayKindValue, string> = {
  libur_nasional: 'bg-red-100 text-red-800',
  cuti_bersama: 'bg-amber-100 text-amber-900',
  libur_perusahaan: 'bg-violet-100 text-violet-900',
};

export const KIND_DAY: Record<HolidayKindValue, string> = {
  libur_nasional: 'bg-red-600 text-white',
  cuti_bersama: 'bg-amber-300 text-amber-950',
  libur_perusahaan: 'bg-violet-600 text-white',
};

/** The kind a day is coloured with when several holidays share it: a day off for all wins. */
const RANK: HolidayKindValue[] = ['libur_nasional', 'libur_perusahaan', 'cuti_bersama'];
export const dayKind = (list: HolidayDto[]): HolidayKindValue => RANK.find((k) => list.some((h) => h.kind === k)) ?? list[0]!.kind;

export function officeNames(h: HolidayDto, offices: OfficeDto[]): string {
  if (h.officeIds.length === 0) return 'Semua kantor';
  return h.officeIds.map((id) => offices.find((o) => o.id === id)?.name ?? 'Kantor tidak dikenal').join(', ');
}

export const MONTHS = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** The weeks of a month, Monday first, null where a week runs into another month. */
export function monthWeeks(year: number, month: number): (string | null)[][] {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const weeks: (string | null)[][] = [];
  let week: (string | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let d = first; d.slice(5, 7) === first.slice(5, 7); d = addDays(d, 1)) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}
