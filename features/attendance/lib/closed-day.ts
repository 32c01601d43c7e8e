// How a history entry shows its closed day (docs/daily-close.md): the status text, the effective times
// (a correction's where it added one) and the correction trail. Shared by the pages and the CSV exports.
import { dayStatus } from '@/features/attendance/lib/rules';
import { formatDateShort, formatTimeWithZone } from '@/lib/dates';
import type { ClosedDay } from '@/features/attendance/types/attendance';

type Entry = { checkIn?: { timestamp: string } | null; checkOut?: { timestamp: string } | null; day?: ClosedDay | null };

/** 'Lengkap' / 'Hanya Check-in' / 'Tidak Hadir' as before, or the close's word for the day (Lupa check-out, Cuti, Dinas Luar …). */
export function entryStatus(e: Entry): string {
  const day = e.day;
  if (!day) return dayStatus(e);
  if (day.status === 'hadir')
    return day.checkInAt || e.checkIn
      ? dayStatus({ checkIn: day.checkInAt ?? e.checkIn, checkOut: day.checkOutAt ?? e.checkOut })
      : 'Hadir';
  return day.label;
}

/** The times that count: a correction's, else the record's. */
export const effectiveCheckIn = (e: Entry): string | null => e.day?.checkInAt ?? e.checkIn?.timestamp ?? null;
export const effectiveCheckOut = (e: Entry): string | null => e.day?.checkOutAt ?? e.checkOut?.timestamp ?? null;

/** 'dikoreksi oleh Hana HR, 24 Nov 2026 08.00 WIB: <why>' for a corrected day, else null. */
export function correctionTrail(e: Entry, timeZone: string): string | null {
  const c = e.day?.correction;
  if (!c) return null;
  const when = c.decidedAt ? `, ${formatDateShort(c.decidedAt.slice(0, 10))} ${formatTimeWithZone(c.decidedAt, timeZone)}` : '';
  const asked = c.direct ? '' : ` atas pengajuan ${c.requestedBy}`;
  return `Dikoreksi oleh ${c.decidedBy ?? '-'}${when}${asked}: ${c.reason}`;
}

/** The status cell of a CSV row: the status, and the trail of a corrected day in brackets. */
export function csvStatus(e: Entry, timeZone: string): string {
  const trail = correctionTrail(e, timeZone);
  return trail ? `${entryStatus(e)} (${trail})` : entryStatus(e);
}

/** A day the employee may ask to correct from the history, with the kind of correction to prefill. */
export function correctionOffer(e: Entry): { kind: 'tambah_jam' | 'sanggah_alpa' } | null {
  if (e.day?.status === 'lupa_checkout') return { kind: 'tambah_jam' };
  if (e.day?.status === 'alpa') return { kind: 'sanggah_alpa' };
  return null;
}
