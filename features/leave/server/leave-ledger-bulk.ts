// ensureLedger for many employees at once, inside the caller's transaction (docs/leave.md): the employee
// import brings 5,000 people's automatic rows up to date before their opening balances, all or nothing.
// The same rows as ensureLedger (both work them out in leave-ledger-settle.ts), read and written a few
// statements for everyone instead of a dozen per person.
import type { Prisma } from '@/lib/generated/prisma/client';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import { requestContext } from '@/lib/server/request-context';
import { annualType } from '@/features/leave/server/leave-types';
import { calendarDays } from '@/features/calendar/server/calendar';
import { ledgerPolicy, todayKey } from '@/features/leave/lib/ledger-rules';
import {
  CORRECTION_NOTE,
  correctionRows,
  cutiBersamaEntries,
  grantEntries,
  ledgerWindow,
  settleEntries,
  type LedgerRow,
  type NewEntry,
} from '@/features/leave/server/leave-ledger-settle';

type Tx = Prisma.TransactionClient;
const CHUNK = 5000;
/** People whose ledgers are brought up to date in one pass. */
export const PEOPLE_PER_PASS = 500;
const round4 = (n: number) => Math.round(n * 10000) / 10000;

/**
 * Cuti bersama days lie in a few runs (around Idul Fitri, Christmas): the calendar is asked once per run of
 * dates at most a week apart, for everyone, instead of over the whole year.
 */
function runsOf(dates: string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const d of dates) {
    const last = runs[runs.length - 1];
    if (last && addDays(last[1], 7) >= d) last[1] = d;
    else runs.push([d, d]);
  }
  return runs;
}

const key = (d: Date | string | null | undefined) => (d ? (typeof d === 'string' ? d.slice(0, 10) : dateToKey(d)) : null);

/**
 * Writes ledger rows, 5,000 to a statement: the columns travel as arrays and are unnested in SQL (a
 * createMany of 25 rows per person for 5,000 people took a minute of parameter handling). A row whose
 * idemKey is taken is left out, as createMany's skipDuplicates does. Answers how many were written.
 */
export async function insertLedgerRows(tx: Tx, rows: readonly NewEntry[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const col = <T>(f: (r: NewEntry) => T) => part.map(f);
    written += await tx.$executeRaw`
      INSERT INTO "LeaveLedgerEntry" (id, "userId", "leaveTypeId", kind, days, "effectiveDate", "expiresAt", period, "idemKey", "leaveId",
                                      note, "actorId", "actorName")
      SELECT coalesce(v.id::uuid, gen_random_uuid()), v.u::uuid, v.t::uuid, v.k::"LedgerKind", v.d, v.e::date, v.x::date, v.p, v.i,
             v.l::uuid, v.n, v.a::uuid, v.an
      FROM unnest(${col((r) => r.id ?? null)}::text[], ${col((r) => r.userId)}::text[], ${col((r) => r.leaveTypeId)}::text[],
                  ${col((r) => r.kind)}::text[], ${col((r) => r.days)}::float8[], ${col((r) => key(r.effectiveDate))}::text[],
                  ${col((r) => key(r.expiresAt))}::text[], ${col((r) => r.period ?? null)}::text[], ${col((r) => r.idemKey ?? null)}::text[],
                  ${col((r) => r.leaveId ?? null)}::text[], ${col((r) => r.note ?? null)}::text[], ${col((r) => r.actorId ?? null)}::text[],
                  ${col((r) => r.actorName ?? null)}::text[])
           AS v(id, u, t, k, d, e, x, p, i, l, n, a, an)
      ON CONFLICT DO NOTHING`;
  }
  return written;
}

/**
 * Makes every automatic row due by `asOf` for these employees in `tx` (idempotent, like ensureLedger) and
 * answers how many employees had rows corrected (one `leave.ledger_correct` audit row each).
 */
export async function ensureLedgers(
  tx: Tx,
  userIds: readonly string[],
  asOf: string = todayKey(),
  perPass: number = PEOPLE_PER_PASS,
): Promise<number> {
  // A group of people at a time: each one's rows are their own, and what is held (their facts, their stored
  // rows, the calendar's days) is one group's, however many people the caller names (docs/onboarding.md).
  let corrected = 0;
  for (let i = 0; i < userIds.length; i += perPass) corrected += await ensureGroup(tx, userIds.slice(i, i + perPass), asOf);
  return corrected;
}

async function ensureGroup(tx: Tx, userIds: readonly string[], asOf: string): Promise<number> {
  if (!userIds.length) return 0;
  // One after the other: a transaction is one connection.
  const type = await annualType(tx);
  const settings = await tx.settings.findUnique({ where: { id: 1 } });
  const users = await tx.user.findMany({
    where: { id: { in: [...userIds] }, role: 'employee' },
    select: { id: true, joinDate: true, createdAt: true },
  });
  if (!type || !type.quotaPerYear || !users.length) return 0;
  const quota = type.quotaPerYear;
  const p = ledgerPolicy(settings);
  const windows = new Map(users.map((u) => [u.id, ledgerWindow(p, u, quota, asOf)]));
  const facts = new Map<string, NewEntry[]>(users.map((u) => [u.id, grantEntries(u.id, type.id, windows.get(u.id)!.events)]));

  if (settings?.cutiBersamaPolicy === 'potong_cuti' || settings == null) {
    const firstYear = Math.min(...[...windows.values()].map((w) => w.years[0] ?? Infinity));
    const holidays = await tx.holiday.findMany({
      where: { kind: 'cuti_bersama', date: { gte: dateKeyToDate(`${firstYear}-01-01`), lte: dateKeyToDate(`${asOf.slice(0, 4)}-12-31`) } },
      select: { date: true },
      orderBy: { date: 'asc' },
    });
    // Who is asked: eligible by asOf; which days count: in one of the employee's years, from the eligible date on.
    const asked = users.filter((u) => asOf >= windows.get(u.id)!.eligible).map((u) => u.id);
    if (holidays.length && asked.length) {
      const days = new Map<string, { date: string; holidayName: string | null }[]>();
      for (const [start, end] of runsOf(holidays.map((h) => dateToKey(h.date)))) {
        for (const d of await calendarDays(asked, start, end, tx)) {
          const w = windows.get(d.userId)!;
          if (d.status !== 'cuti_bersama' || d.date < w.eligible || !w.years.includes(Number(d.date.slice(0, 4)))) continue;
          const list = days.get(d.userId) ?? days.set(d.userId, []).get(d.userId)!;
          list.push({ date: d.date, holidayName: d.holidayName });
        }
      }
      const allDates = [...new Set([...days.values()].flat().map((d) => d.date))];
      const worked = new Set(
        allDates.length
          ? (
              await tx.attendance.findMany({
                where: { userId: { in: [...days.keys()] }, workDate: { in: allDates.map(dateKeyToDate) } },
                select: { userId: true, workDate: true },
              })
            ).map((a) => `${a.userId}|${dateToKey(a.workDate)}`)
          : [],
      );
      for (const [userId, list] of days) {
        const mine = new Set(list.filter((d) => worked.has(`${userId}|${d.date}`)).map((d) => d.date));
        facts.get(userId)!.push(...cutiBersamaEntries(userId, type.id, list, mine, asOf));
      }
    }
  }

  const storedRows = await tx.leaveLedgerEntry.findMany({
    where: { userId: { in: users.map((u) => u.id) }, leaveTypeId: type.id },
    orderBy: [{ effectiveDate: 'asc' }, { createdAt: 'asc' }],
    select: { userId: true, kind: true, days: true, effectiveDate: true, expiresAt: true, idemKey: true, note: true, period: true },
  });
  const stored = new Map<string, LedgerRow[]>();
  for (const r of storedRows) (stored.get(r.userId) ?? stored.set(r.userId, []).get(r.userId)!).push(r);
  const closed = new Set((await tx.period.findMany({ where: { status: 'closed' }, select: { month: true } })).map((x) => x.month));

  const writes: NewEntry[] = [];
  const corrections: { userId: string; before: number; written: NewEntry[] }[] = [];
  for (const u of users) {
    const w = windows.get(u.id)!;
    const mine = stored.get(u.id) ?? [];
    // The facts not written yet come after the stored rows of their date, as ensureLedger's later statements do.
    const keys = new Set(mine.map((r) => r.idemKey));
    const added = facts.get(u.id)!.filter((f) => !keys.has(f.idemKey ?? null));
    const rows: LedgerRow[] = [
      ...mine,
      ...added.map((f) => ({
        kind: f.kind,
        days: f.days,
        effectiveDate: f.effectiveDate as Date,
        expiresAt: (f.expiresAt as Date | null | undefined) ?? null,
        idemKey: f.idemKey ?? null,
        note: f.note ?? null,
        period: f.period ?? null,
      })),
    ].sort((a, b) => a.effectiveDate.getTime() - b.effectiveDate.getTime());
    const { fresh, fixes } = settleEntries({
      userId: u.id,
      leaveTypeId: type.id,
      policy: p,
      events: w.events,
      from: w.from,
      asOf,
      stored: rows,
      closedMonths: closed,
    });
    writes.push(...added, ...fresh, ...fixes);
    if (fixes.length)
      corrections.push({ userId: u.id, before: round4(rows.reduce((s, r) => s + r.days, 0)), written: [...fresh, ...fixes] });
  }
  await insertLedgerRows(tx, writes);
  if (corrections.length)
    await tx.auditLog.createMany({
      data: corrections.map((c) => ({
        kind: 'leave.ledger_correct',
        entity: 'LeaveLedgerEntry',
        targetUserId: c.userId,
        before: { balance: c.before },
        after: { balance: round4(c.before + c.written.reduce((s, r) => s + r.days, 0)), rows: correctionRows(c.written) },
        note: CORRECTION_NOTE,
        ip: requestContext()?.ip ?? null,
      })),
    });
  return corrections.length;
}
