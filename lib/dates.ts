// Office-timezone dates. The server's clock is the only clock; the office timezone decides the day.
import { dateTimeFormat, zonedDateTimeFormat } from '@/lib/intl';

export const DEFAULT_TIMEZONE = 'Asia/Jakarta';
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Year to second of an instant in a zone, zero-padded, 24-hour (en-CA); lib/intl.ts keeps one formatter per zone. */
const ZONED_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** The year, month, day, hour, minute and second of `date` on the wall clocks of `timeZone`, zero-padded. */
export function zonedParts(date: Date, timeZone: string) {
  const out: Record<string, string> = {};
  for (const p of zonedDateTimeFormat('en-CA', ZONED_PARTS, timeZone).formatToParts(date)) out[p.type] = p.value;
  return out as { year: string; month: string; day: string; hour: string; minute: string; second: string };
}

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DD' of the calendar day `date` falls on in `timeZone`. */
export function dateKeyInZone(date: Date, timeZone: string = DEFAULT_TIMEZONE): string {
  const p = zonedParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes since local midnight in `timeZone`. */
export function minutesOfDayInZone(date: Date, timeZone: string = DEFAULT_TIMEZONE): number {
  const p = zonedParts(date, timeZone);
  return Number(p.hour) * 60 + Number(p.minute);
}

/** 'HH:mm' → minutes since midnight. */
export function timeToMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date 'YYYY-MM-DD' (rejects 2025-02-30). */
export function isValidDateKey(key: string): boolean {
  if (!DATE_PATTERN.test(key)) return false;
  const d = new Date(`${key}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === key;
}

/** The UTC-midnight Date Prisma uses for a SQL `date`. */
export function dateKeyToDate(key: string): Date {
  return new Date(`${key}T00:00:00.000Z`);
}

export function dateToKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(key: string, days: number): string {
  const d = dateKeyToDate(key);
  d.setUTCDate(d.getUTCDate() + days);
  return dateToKey(d);
}

/** Inclusive number of days from start to end. */
export function daysInclusive(startKey: string, endKey: string): number {
  return Math.round((dateKeyToDate(endKey).getTime() - dateKeyToDate(startKey).getTime()) / 86_400_000) + 1;
}

/** ISO weekday of a date key: 1 = Monday … 7 = Sunday. */
/** First and last date key of a month 'YYYY-MM' (a payroll period, the recap, the team calendar). */
export function monthBounds(month: string): { month: string; first: string; last: string } {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return { month, first: `${month}-01`, last: `${month}-${String(last).padStart(2, '0')}` };
}

export function isoWeekday(key: string): number {
  const d = dateKeyToDate(key).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Time of day (HH.mm, id-ID style) of an instant, in the office timezone. */
export function formatTime(iso: string | Date | null | undefined, timeZone: string = DEFAULT_TIMEZONE): string {
  if (!iso) return '-';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '-';
  return dateTimeFormat('id-ID', { timeZone, hour: '2-digit', minute: '2-digit' }).format(d);
}

/** The time with its zone, e.g. '08.05 WITA': how a record's times show (its office's zone, docs/calendar.md). */
export function formatTimeWithZone(iso: string | Date | null | undefined, timeZone: string = DEFAULT_TIMEZONE): string {
  const time = formatTime(iso, timeZone);
  return time === '-' ? time : `${time} ${zoneAbbreviation(timeZone)}`;
}

/** Long Indonesian date, e.g. 'Senin, 3 Maret 2025', of a date key (no timezone shift). */
export function formatDateLong(key: string | null | undefined): string {
  if (!key || !isValidDateKey(key.slice(0, 10))) return '-';
  return dateTimeFormat('id-ID', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    dateKeyToDate(key.slice(0, 10)),
  );
}

/** Indonesian date of an instant in the office timezone, e.g. '3 Maret 2025'; 'Unknown' when absent (the spec's word). */
export function formatJoinDate(iso: string | null | undefined, timeZone: string = DEFAULT_TIMEZONE): string {
  if (!iso) return 'Unknown';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Unknown';
  return dateTimeFormat('id-ID', { timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(d);
}

/** Short Indonesian date of a date key, e.g. '3 Mar 2025'. */
export function formatDateShort(key: string | null | undefined): string {
  if (!key || !isValidDateKey(key.slice(0, 10))) return '-';
  return dateTimeFormat('id-ID', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    dateKeyToDate(key.slice(0, 10)),
  );
}

const zoneNames = new Map<string, string>();
/** WIB, WITA or WIT for Indonesia's zones (id-ID), else the zone's short name. */
export function zoneAbbreviation(timeZone: string): string {
  let name = zoneNames.get(timeZone);
  if (!name) {
    const part = new Intl.DateTimeFormat('id-ID', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(0))
      .find((p) => p.type === 'timeZoneName');
    name = part?.value ?? timeZone;
    zoneNames.set(timeZone, name);
  }
  return name;
}

/**
 * instantInZone's answers by zone, date and time. It is a pure function that a month's figures ask thousands
 * of times for a few dozen keys (each of 4,000 overtime rows asks for its shift's start and end), and each
 * answer costs a formatToParts (about 10 µs); bounded, emptied when full.
 */
const instants = new Map<string, number>();

/** The instant a local wall-clock time 'HH:mm' on `dateKey` happens in `timeZone` (zones without DST, like Indonesia's). */
export function instantInZone(dateKey: string, hhmm: string, timeZone: string = DEFAULT_TIMEZONE): Date {
  const key = `${timeZone} ${dateKey} ${hhmm}`;
  const kept = instants.get(key);
  if (kept !== undefined) return new Date(kept);
  const [y, mo, d] = dateKey.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, mo - 1, d, 0, 0) + timeToMinutes(hhmm) * 60_000;
  // The zone's offset at that moment: local wall time of the guess minus the guess.
  const p = zonedParts(new Date(guess), timeZone);
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const at = guess - (local - guess);
  if (instants.size >= 10_000) instants.clear();
  instants.set(key, at);
  return new Date(at);
}
