// Rekap Bulanan (docs/recap.md): the month's payroll figures per employee with totals per office, and one
// employee's month day by day. The rows are computed in SQL by recap-rows.ts. A closed month (docs/periods.md)
// answers from the snapshot stored by its close, so later edits to schedules, holidays or policies never change it.
// Days not closed yet are not guessed: they count as "belum ditutup" (openDays) and show so in the
// drill-down, until their daily close has run.
import { db } from '@/lib/server/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelfOrStaff, assertStaff } from '@/lib/server/auth/policy';
import { dateToKey, monthBounds, zoneAbbreviation } from '@/lib/dates';
import { dayLabel } from '@/features/daily-close/lib/day-label';
import { DAY_COLORS, type RecapQuery } from '@/features/recap/validation/recap';
import { breakOverDaysOf, computeRecapRows, overtimeDaysOf, overtimeOf } from '@/features/recap/server/recap-rows';
import type {
  EmployeeRecapDto,
  LeaveCategory,
  RecapDay,
  RecapDto,
  RecapRow,
  RecapSnapshot,
  RecapTotals,
} from '@/features/recap/types/recap';

export type {
  EmployeeRecapDto,
  RecapDay,
  RecapDto,
  RecapOvertime,
  RecapRow,
  RecapSnapshot,
  RecapTotals,
} from '@/features/recap/types/recap';
import { periodLabel } from '@/features/periods/validation/periods';

type Client = Prisma.TransactionClient | typeof db;

const NUMERIC: (keyof RecapRow)[] = [
  'workDays',
  'present',
  'dinasLuar',
  'lateCount',
  'lateMinutes',
  'earlyCount',
  'earlyMinutes',
  'alpa',
  'cuti',
  'izin',
  'sakit',
  'libur',
  'istirahat',
  'holidaysWorked',
  'restDaysWorked',
  'lupaCheckout',
  'breakOverCount',
  'breakOverMinutes',
  'correctedDays',
  'unresolvedFlags',
  'openDays',
];

function totalsOf(rows: RecapRow[], officeId: string, officeName: string): RecapTotals {
  const t: Record<string, unknown> = { officeId, officeName, employees: rows.length };
  for (const k of NUMERIC) t[k] = Math.round(rows.reduce((s, r) => s + ((r[k] as number | undefined) ?? 0), 0) * 10) / 10;
  const leave: Record<string, number> = {};
  for (const r of rows) for (const [name, days] of Object.entries(r.leaveByType)) leave[name] = (leave[name] ?? 0) + days;
  t.leaveByType = leave;
  t.overtime = overtimeOf(rows.flatMap((r) => r.overtime.classes));
  return t as RecapTotals;
}

function assemble(
  month: string,
  rows: RecapRow[],
  officeId: string | null,
  status: 'open' | 'closed',
  source: 'live' | 'snapshot',
  computedAt: string,
): RecapDto {
  const mine = officeId ? rows.filter((r) => r.officeId === officeId) : rows;
  const byOffice = new Map<string, RecapRow[]>();
  for (const r of mine) {
    const list = byOffice.get(r.officeId);
    if (list) list.push(r);
    else byOffice.set(r.officeId, [r]);
  }
  return {
    month,
    label: periodLabel(month),
    officeId,
    status,
    source,
    computedAt,
    leaveTypes: [...new Set(mine.flatMap((r) => Object.keys(r.leaveByType)))].sort((a, b) => a.localeCompare(b, 'id')),
    leaveTypeCategories: Object.assign({}, ...mine.map((r) => r.leaveCategories ?? {})) as Record<string, LeaveCategory>,
    multipliers: [...new Set(mine.flatMap((r) => r.overtime.classes.map((c) => c.multiplier)))].sort((a, b) => a - b),
    rows: mine,
    offices: [...byOffice.entries()].map(([id, list]) => totalsOf(list, id, list[0]!.officeName)),
    totals: totalsOf(mine, officeId ?? '', officeId ? (mine[0]?.officeName ?? '') : 'Semua Kantor'),
  };
}

/**
 * Each row's NIK and Divisi as they are now (a closed month's snapshot holds the figures, not these), and
 * only the rows of a Divisi filter (a division's id, or 'none').
 */
async function withPeople(client: Client, rows: RecapRow[], divisionId: string | undefined): Promise<RecapRow[]> {
  if (!rows.length) return rows;
  // One query for thousands of rows: the ids as one array parameter, the division joined.
  const users = await client.$queryRaw<{ id: string; employeeNumber: string | null; divisionId: string | null; division: string | null }[]>`
    SELECT u.id::text AS id, u."employeeNumber", u."divisionId"::text AS "divisionId", d.name AS division
    FROM "User" u LEFT JOIN "Division" d ON d.id = u."divisionId"
    WHERE u.id = ANY (${rows.map((r) => r.userId)}::uuid[])`;
  const of = new Map(users.map((u) => [u.id, u]));
  const kept = divisionId
    ? rows.filter((r) => (of.get(r.userId)?.divisionId ?? null) === (divisionId === 'none' ? null : divisionId))
    : rows;
  // Set on the rows themselves (made for this call: computed, or parsed from the snapshot's JSON): a copy of
  // 5,000 rows this wide by spread cost tens of milliseconds (recap-rows.ts, dayAggregates).
  for (const r of kept) {
    r.employeeNumber = of.get(r.userId)?.employeeNumber ?? null;
    r.division = of.get(r.userId)?.division ?? null;
  }
  return kept;
}

/** The recap of a month: the snapshot of a closed month, else live from the facts. */
export async function recapOf(
  month: string,
  officeId: string | null,
  client: Client = db,
  only: string[] | null = null,
  divisionId?: string,
): Promise<RecapDto> {
  const period = await client.period.findUnique({ where: { month }, select: { status: true, snapshot: true } });
  const snap = period?.snapshot as RecapSnapshot | null | undefined;
  if (period?.status === 'closed' && snap?.version === 1)
    return assemble(month, await withPeople(client, snap.rows, divisionId), officeId, 'closed', 'snapshot', snap.computedAt);
  const rows = await withPeople(client, await computeRecapRows(client, month, only), divisionId);
  return assemble(month, rows, officeId, period?.status ?? 'open', 'live', new Date().toISOString());
}

/** The snapshot the period close stores (inside its transaction, after the blockers were checked). */
export async function recapSnapshot(tx: Client, month: string): Promise<RecapSnapshot> {
  return { version: 1, computedAt: new Date().toISOString(), rows: await computeRecapRows(tx, month) };
}

/**
 * The pages of one list come from one computation: page 1 computes the month and keeps it PAGED_TTL_MS,
 * and the later pages of the same month and filters read it, as a list paged from one reading should,
 * and a company of thousands is computed once per look, not once per page. Rekap Bulanan and Absensi
 * Bulanan (recap-grid.ts) page the same recap, so they share what is kept.
 */
const PAGED_TTL_MS = 5 * 60_000;
const computed = new Map<string, { at: number; recap: RecapDto }>();

/** The recap behind page `page` of a paged list of the month and filters: kept from its page 1 when fresh. */
export async function pagedRecapOf(q: Pick<RecapQuery, 'month' | 'officeId' | 'divisionId'>, page: number): Promise<RecapDto> {
  const key = JSON.stringify([q.month, q.officeId ?? null, q.divisionId ?? null]);
  const kept = page > 1 ? computed.get(key) : undefined;
  if (kept && Date.now() - kept.at < PAGED_TTL_MS) return kept.recap;
  const recap = await recapOf(q.month, q.officeId ?? null, db, null, q.divisionId);
  if (computed.size >= 4) computed.delete(computed.keys().next().value!);
  computed.set(key, { at: Date.now(), recap });
  return recap;
}

/** GET /api/recap?month&officeId&divisionId (admin, HR); with `page`, `limit` employee rows of it (the totals stay the whole month's). */
export async function monthRecap(actor: SessionUser, q: RecapQuery): Promise<RecapDto> {
  assertStaff(actor);
  if (q.officeId && !(await db.office.findUnique({ where: { id: q.officeId }, select: { id: true } })))
    throw notFound('Kantor tidak ditemukan');
  if (!q.page) return recapOf(q.month, q.officeId ?? null, db, null, q.divisionId);
  const recap = await pagedRecapOf(q, q.page);
  const pageSize = q.limit ?? 20;
  const rows = recap.rows.slice((q.page - 1) * pageSize, q.page * pageSize);
  return { ...recap, rows, total: recap.rows.length, page: q.page, pageSize };
}

const CALENDAR_LABELS: Record<string, string> = {
  belum_ditutup: 'Belum ditutup',
  belum_bergabung: 'Belum bergabung',
  nonaktif: 'Nonaktif',
};

/** GET /api/recap/{userId}?month: the owner, admin and HR. One employee's month, day by day. */
export async function employeeRecap(actor: SessionUser, userId: string, month: string): Promise<EmployeeRecapDto> {
  assertSelfOrStaff(actor, userId);
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, position: true } });
  if (!user) throw notFound('Karyawan tidak ditemukan');
  const { first, last } = monthBounds(month);
  const [recap, stored, calendar, offices, overtimeDays, breaks] = await Promise.all([
    recapOf(month, null, db, [userId]),
    db.attendanceDay.findMany({ where: { userId, date: { gte: new Date(`${first}T00:00:00Z`), lte: new Date(`${last}T00:00:00Z`) } } }),
    db.$queryRaw<{ date: string; status: string; timezone: string; shiftStart: string | null; shiftEnd: string | null }[]>`
      SELECT "date"::text AS date, status, timezone, "shiftStart", "shiftEnd" FROM absensi_calendar(${first}::date, ${last}::date, ${[userId]}::uuid[]) ORDER BY "date"`,
    db.office.findMany({ select: { id: true, timezone: true } }),
    overtimeDaysOf(db, userId, first, last),
    breakOverDaysOf(db, userId, first, last),
  ]);
  const overOf = new Map(breaks.map((b) => [b.date, b.overMinutes]));
  const zoneOf = new Map(offices.map((o) => [o.id, o.timezone]));
  const storedOf = new Map(stored.map((d) => [dateToKey(d.date), d]));
  const days: RecapDay[] = calendar.map((c) => {
    const d = storedOf.get(c.date);
    if (d) {
      const tz = zoneOf.get(d.officeId) ?? c.timezone;
      return {
        date: c.date,
        status: d.status,
        label: dayLabel(d),
        color: DAY_COLORS[d.status] ?? 'gray',
        calendarStatus: d.calendarStatus,
        shiftStart: d.shiftStart,
        shiftEnd: d.shiftEnd,
        checkInAt: d.checkInAt?.toISOString() ?? null,
        checkOutAt: d.checkOutAt?.toISOString() ?? null,
        zone: zoneAbbreviation(tz),
        timezone: tz,
        lateMinutes: d.lateMinutes,
        earlyMinutes: d.earlyMinutes,
        leaveTypeName: d.leaveTypeName,
        leaveDays: d.leaveDays,
        halfDay: d.halfDay,
        lateExcusedMinutes: d.lateExcusedMinutes,
        earlyExcusedMinutes: d.earlyExcusedMinutes,
        corrected: !!d.correctionId,
        breakOverMinutes: overOf.get(c.date) ?? 0,
      };
    }
    const status = c.status === 'belum_bergabung' || c.status === 'nonaktif' ? c.status : 'belum_ditutup';
    return {
      date: c.date,
      status,
      label: CALENDAR_LABELS[status]!,
      color: DAY_COLORS[status]!,
      calendarStatus: c.status,
      shiftStart: c.shiftStart,
      shiftEnd: c.shiftEnd,
      checkInAt: null,
      checkOutAt: null,
      zone: c.timezone ? zoneAbbreviation(c.timezone) : null,
      timezone: c.timezone ?? null,
      lateMinutes: 0,
      earlyMinutes: 0,
      leaveTypeName: null,
      leaveDays: 0,
      halfDay: null,
      lateExcusedMinutes: 0,
      earlyExcusedMinutes: 0,
      corrected: false,
      breakOverMinutes: overOf.get(c.date) ?? 0,
    };
  });
  return {
    month,
    label: periodLabel(month),
    status: recap.status,
    source: recap.source,
    user,
    summary: recap.rows.find((r) => r.userId === userId) ?? null,
    days,
    overtimeDays,
  };
}
