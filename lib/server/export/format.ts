// How a typed cell reads as text (CSV, PDF): dates long in Indonesian, times as HH.MM of the row's zone,
// numbers in the file's locale: the ';' CSV with a decimal comma (12,5), the ',' CSV with a point (12.5),
// both without thousands separators so a spreadsheet reads them as numbers; the PDF as Indonesians write
// them (1.234,5).
import { formatDateLong, formatTime, zonedParts } from '@/lib/dates';
import type { ExportColumn } from '@/lib/server/export/types';

// Rows come sorted by date and share a few zones: the Intl work is done once per day and zone, not per row.
const dateTexts = new Map<string, string>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function dateText(key: string): string {
  let t = dateTexts.get(key);
  if (t === undefined) {
    if (dateTexts.size > 10_000) dateTexts.clear();
    t = formatDateLong(key);
    dateTexts.set(key, t);
  }
  return t;
}

/** The same text as formatTime (lib/dates.ts), with one formatter per zone. */
function timeText(iso: string, zone = 'Asia/Jakarta'): string {
  let f = timeFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('id-ID', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
    timeFormats.set(zone, f);
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? formatTime(iso, zone) : f.format(d);
}

/** How a number reads: the decimal mark, and whether thousands are grouped (id-ID: 1.234,5). */
export type NumberStyle = { decimal: ',' | '.'; grouping: boolean };

/** The CSV's numbers: a decimal comma with the ';' separator (Indonesian Excel), a point with ','. */
export const csvNumberStyle = (separator: ';' | ','): NumberStyle => ({ decimal: separator === ';' ? ',' : '.', grouping: false });
/** The PDF's numbers: as Indonesians write them. */
export const PDF_NUMBERS: NumberStyle = { decimal: ',', grouping: true };

const grouped = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 6 });

/** A number as text in `style`; at most 6 decimals (the figures are rounded long before that). */
export function numberText(n: number, style: NumberStyle): string {
  if (!Number.isFinite(n)) return '';
  const v = Math.round(n * 1e6) / 1e6 || 0; // no '-0'
  if (style.grouping) return grouped.format(v);
  const s = Math.abs(v) < 1e21 ? v.toFixed(6).replace(/\.?0+$/, '') : String(v);
  return style.decimal === ',' ? s.replace('.', ',') : s;
}

export function cellText<R>(col: ExportColumn<R>, row: R, numbers: NumberStyle = { decimal: '.', grouping: false }): string {
  const v = col.value(row);
  if (v === null || v === undefined || v === '') return '';
  switch (col.type) {
    case 'date':
      return dateText(String(v));
    case 'time':
      return timeText(String(v), col.zone?.(row));
    case 'number': {
      const n = typeof v === 'number' ? v : Number(v);
      return Number.isFinite(n) ? numberText(n, numbers) : String(v);
    }
    default:
      return String(v);
  }
}

/** The wall-clock time of an instant in a zone, as a Date whose UTC fields carry it (Excel has no zones). */
export function wallClock(iso: string, zone = 'Asia/Jakarta'): Date {
  // lib/dates.ts keeps one formatter per zone: this runs once per time cell of an export.
  const parts = zonedParts(new Date(iso), zone);
  return new Date(
    Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  );
}

export async function* iterate<R>(rows: Iterable<R> | AsyncIterable<R>): AsyncGenerator<R> {
  for await (const r of rows as AsyncIterable<R>) yield r;
}
