// The late and early minutes a history shows for a punch record: the payable ones (docs/daily-close.md,
// "Half days and hourly permissions"), not the record's own. A punch record keeps the minutes measured
// at the punch against the whole shift; an approved half day moves the expected start or end to the
// half-day boundary, and an approved hourly permission covers lateness or early leave up to its minutes.
// A closed day stores the result (AttendanceDay.lateMinutes / earlyMinutes); a day not closed yet is
// classified here by the close's own rule (features/daily-close/server/day-classify.ts), without writing.
// Shared by the employee history, the admin list and the history exports.
import { db } from '@/lib/server/db';
import { classify } from '@/features/daily-close/server/day-classify';
import { dateToKey } from '@/lib/dates';

export type Payable = { lateMinutes: number; earlyMinutes: number };

/**
 * Payable minutes of punch records, by `userId|date`. `closed` holds the stored days already read (by
 * the same key); the records without one are classified in one pass over their users and dates. A
 * record the calendar gives no day (before joining, after leaving) keeps its own minutes (absent here).
 */
export async function payableMinutes(
  records: { userId: string; date: string }[],
  closed: Map<string, { lateMinutes: number; earlyMinutes: number }>,
): Promise<Map<string, Payable>> {
  const out = new Map<string, Payable>();
  const open = new Set<string>();
  for (const r of records) {
    const key = `${r.userId}|${r.date}`;
    const day = closed.get(key);
    if (day) out.set(key, { lateMinutes: day.lateMinutes, earlyMinutes: day.earlyMinutes });
    else open.add(key);
  }
  if (!open.size) return out;
  const pending = records.filter((r) => open.has(`${r.userId}|${r.date}`));
  const dates = pending.map((r) => r.date).sort();
  const rows = await classify(db, [...new Set(pending.map((r) => r.userId))], dates[0]!, dates[dates.length - 1]!, (userId, date) =>
    open.has(`${userId}|${date}`),
  );
  for (const row of rows) out.set(`${row.userId}|${dateToKey(row.date)}`, { lateMinutes: row.lateMinutes, earlyMinutes: row.earlyMinutes });
  return out;
}
