// Tutup Harian's month view (docs/daily-close.md, "The Tutup Harian page"): per office and day, whether the
// daily close has run (DayClose), what it counted (AttendanceDay of payroll members, per status) and
// whether employee-days of it wait for re-classification. Read by admin and HR.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { addDays, dateKeyInZone, dateToKey, monthBounds } from '@/lib/dates';
import { periodClosedMessage, periodLabel } from '@/features/periods/validation/periods';
import { CLOSE_DAY_STATES, closeDayState, type CloseCountKey, type CloseDayState } from '@/features/daily-close/lib/close-states';
import type { CloseDayDto, CloseMonthDto, CloseSettingsDto } from '@/features/daily-close/types/daily-close';
import type { CloseMonthQuery } from '@/features/daily-close/validation/daily-close';
import { waitingByOfficeDay } from '@/features/daily-close/server/reclassify-queue';
import { CATCH_UP_DAYS, DEFAULT_CLOSE_TIME } from '@/features/daily-close/server/daily-close';

export const STAFF_ONLY = 'Hanya administrator atau HR yang dapat membuka tutup harian.';

export async function closeSettingsDto(): Promise<CloseSettingsDto> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { dailyCloseTime: true, dailyCloseCatchUpDays: true } });
  return { dailyCloseTime: s?.dailyCloseTime ?? DEFAULT_CLOSE_TIME, catchUpDays: s?.dailyCloseCatchUpDays ?? CATCH_UP_DAYS };
}

type CountRow = { officeId: string; date: string; status: CloseCountKey; n: number };

/** Stored employee-days of payroll members per office, date and status (late presence apart). */
async function countsOf(first: string, last: string, officeId: string | null): Promise<CountRow[]> {
  return db.$queryRaw<CountRow[]>`
    SELECT d."officeId"::text AS "officeId", to_char(d.date, 'YYYY-MM-DD') AS date,
           CASE WHEN d.status = 'hadir' AND d."lateMinutes" > 0 THEN 'terlambat' ELSE d.status::text END AS status,
           count(*)::int AS n
      FROM "AttendanceDay" d JOIN "User" u ON u.id = d."userId"
     WHERE d.date BETWEEN ${first}::date AND ${last}::date AND absensi_on_payroll(u)
       AND (${officeId}::uuid IS NULL OR d."officeId" = ${officeId}::uuid)
     GROUP BY 1, 2, 3`;
}

/** GET /api/daily-close?month&officeId: the month's office-days with their state and counts. */
export async function closeMonth(actor: SessionUser, q: CloseMonthQuery, now: Date = new Date()): Promise<CloseMonthDto> {
  assertStaff(actor, STAFF_ONLY);
  const { first, last } = monthBounds(q.month);
  const offices = await db.office.findMany({
    where: q.officeId ? { id: q.officeId } : {},
    select: { id: true, name: true, timezone: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  if (q.officeId && !offices.length) throw notFound('Kantor tidak ditemukan');
  const ids = offices.map((o) => o.id);
  const [closes, counts, waiting, period, settings] = await Promise.all([
    db.dayClose.findMany({
      where: { officeId: { in: ids }, date: { gte: new Date(`${first}T00:00:00Z`), lte: new Date(`${last}T00:00:00Z`) } },
      select: { officeId: true, date: true, closedAt: true },
    }),
    countsOf(first, last, q.officeId ?? null),
    waitingByOfficeDay(ids, first, last),
    db.period.findFirst({ where: { month: q.month, status: 'closed' }, select: { month: true } }),
    closeSettingsDto(),
  ]);
  const closedAt = new Map(closes.map((c) => [`${c.officeId}|${dateToKey(c.date)}`, c.closedAt.toISOString()]));
  const countMap = new Map<string, Partial<Record<CloseCountKey, number>>>();
  for (const r of counts) {
    const key = `${r.officeId}|${r.date}`;
    countMap.set(key, { ...countMap.get(key), [r.status]: r.n });
  }
  return {
    month: q.month,
    label: periodLabel(q.month),
    periodClosed: !!period,
    periodMessage: period ? periodClosedMessage(q.month) : null,
    settings,
    offices: offices.map((o) => {
      const today = dateKeyInZone(now, o.timezone);
      const days: CloseDayDto[] = [];
      for (let date = first; date <= last; date = addDays(date, 1)) {
        const key = `${o.id}|${date}`;
        const c = countMap.get(key) ?? {};
        const w = waiting.get(key) ?? 0;
        days.push({
          date,
          state: closeDayState({ date, today, closed: closedAt.has(key), waiting: w }),
          closedAt: closedAt.get(key) ?? null,
          employeeDays: Object.values(c).reduce((a, b) => a + b, 0),
          counts: c,
          waiting: w,
        });
      }
      const summary = Object.fromEntries(CLOSE_DAY_STATES.map((s) => [s, 0])) as Record<CloseDayState, number>;
      for (const d of days) summary[d.state]++;
      return { officeId: o.id, officeName: o.name, timezone: o.timezone, today, days, summary };
    }),
  };
}
