// Annual leave as a ledger (docs/leave.md): every change of a balance is a row, the balance is the sum.
// The rows the rules make by themselves (the yearly grant, the year's close and carry-over, the expiry of
// carried days, the cuti bersama deduction and its give-back) carry a unique idemKey per
// (user, type, kind, period): ensureLedger() may run on every read and from a job without ever doubling.
// The rules themselves (which events, how many days) are in features/leave/lib/ledger-rules.ts; reading and
// adjusting a balance through the API in leave-balance.ts.
import { db } from '@/lib/server/db';
import { annualType } from '@/features/leave/server/leave-types';
import { calendarDays } from '@/features/calendar/server/calendar';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import type { Prisma } from '@/lib/generated/prisma/client';
import { recordAudit } from '@/lib/server/audit';
import { ledgerPolicy, todayKey, type LedgerEvent, type LedgerPolicy } from '@/features/leave/lib/ledger-rules';
import {
  CORRECTION_NOTE,
  correctionRows,
  cutiBersamaEntries,
  grantEntries,
  ledgerWindow,
  settleEntries,
} from '@/features/leave/server/leave-ledger-settle';

type Client = Prisma.TransactionClient | typeof db;

/** A sum of rows, to 4 decimals (hours make fractions of a day; the floats must not drift). */
const sumDays = async (client: Client, where: Prisma.LeaveLedgerEntryWhereInput) =>
  Math.round(((await client.leaveLedgerEntry.aggregate({ where, _sum: { days: true } }))._sum.days ?? 0) * 10000) / 10000;

/** The balance of one type: the sum of its rows. */
export async function balanceOf(client: Client, userId: string, leaveTypeId: string): Promise<number> {
  return sumDays(client, { userId, leaveTypeId });
}

/**
 * Makes every automatic row due by `asOf` for one employee (idempotent) and answers how many rows it
 * corrected. The events of the policy in force count from the day it took effect
 * (Settings.leavePolicyFrom) and at most two years back. The facts come first (the grants, then each
 * year's cuti bersama), then the figures that follow from the balance (closes, carry-overs, their expiry:
 * deriveLedger), so a close never takes more than what is left after the rows dated before it. The rows
 * themselves are worked out in leave-ledger-settle.ts; ensureLedgers (leave-ledger-bulk.ts) makes the same
 * for many employees at once inside a caller's transaction.
 */
export async function ensureLedger(userId: string, asOf: string = todayKey()): Promise<number> {
  const [type, settings, user] = await Promise.all([
    annualType(),
    db.settings.findUnique({ where: { id: 1 } }),
    db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, joinDate: true, createdAt: true, endDate: true } }),
  ]);
  if (!type || !user || user.role !== 'employee' || !type.quotaPerYear) return 0;
  const p = ledgerPolicy(settings);
  const w = ledgerWindow(p, user, type.quotaPerYear, asOf);
  const grants = grantEntries(userId, type.id, w.events);
  if (grants.length) await db.leaveLedgerEntry.createMany({ data: grants, skipDuplicates: true });
  for (const year of w.years) {
    if (settings?.cutiBersamaPolicy === 'potong_cuti' || settings == null) await ensureCutiBersama(userId, type.id, year, asOf, w.eligible);
  }
  return settleLedger(userId, type.id, p, w.events, w.from, asOf);
}

/**
 * Writes what settleEntries says is due. Corrections leave one audit row (`leave.ledger_correct`): the
 * balance before and after, every row.
 */
async function settleLedger(
  userId: string,
  leaveTypeId: string,
  p: LedgerPolicy,
  events: LedgerEvent[],
  from: string,
  asOf: string,
): Promise<number> {
  const stored = await db.leaveLedgerEntry.findMany({
    where: { userId, leaveTypeId },
    orderBy: [{ effectiveDate: 'asc' }, { createdAt: 'asc' }],
  });
  const settle = (closedMonths: ReadonlySet<string>) =>
    settleEntries({ userId, leaveTypeId, policy: p, events, from, asOf, stored, closedMonths });
  let { fresh, fixes } = settle(new Set());
  // The closed months matter only when something is written.
  if (fresh.length || fixes.length) {
    const closed = new Set((await db.period.findMany({ where: { status: 'closed' }, select: { month: true } })).map((x) => x.month));
    if (closed.size) ({ fresh, fixes } = settle(closed));
  }
  if (!fixes.length) {
    if (fresh.length) await db.leaveLedgerEntry.createMany({ data: fresh, skipDuplicates: true });
    return 0;
  }
  const written = [...fresh, ...fixes];
  return db.$transaction(async (tx) => {
    const before = await balanceOf(tx, userId, leaveTypeId);
    const { count } = await tx.leaveLedgerEntry.createMany({ data: written, skipDuplicates: true });
    // Another caller wrote the same rows first (the same idemKeys): its audit row stands.
    if (count === 0) return 0;
    await recordAudit(tx, {
      actor: null,
      kind: 'leave.ledger_correct',
      entity: 'LeaveLedgerEntry',
      targetUserId: userId,
      before: { balance: before },
      after: { balance: await balanceOf(tx, userId, leaveTypeId), rows: correctionRows(written) },
      note: CORRECTION_NOTE,
    });
    return count;
  });
}

/**
 * Under potong_cuti each cuti bersama day off of the employee's calendar (the year's days, so the balance
 * shows them in advance) takes one day of annual leave once eligible on that date; a day the employee
 * worked (an Attendance row on that date) is given back. Nothing is taken before the employee is eligible
 * (no grant yet, so no day of it shows as used).
 */
async function ensureCutiBersama(userId: string, leaveTypeId: string, year: number, asOf: string, eligible: string): Promise<void> {
  if (asOf < eligible) return;
  const holidays = await db.holiday.findMany({
    where: { kind: 'cuti_bersama', date: { gte: dateKeyToDate(`${year}-01-01`), lte: dateKeyToDate(`${year}-12-31`) } },
    select: { date: true },
    orderBy: { date: 'asc' },
  });
  if (!holidays.length) return;
  const first = dateToKey(holidays[0]!.date);
  const last = dateToKey(holidays[holidays.length - 1]!.date);
  const days = (await calendarDays([userId], first, last)).filter((d) => d.status === 'cuti_bersama' && d.date >= eligible);
  if (!days.length) return;
  const worked = new Set(
    (
      await db.attendance.findMany({
        where: { userId, workDate: { in: days.map((d) => dateKeyToDate(d.date)) } },
        select: { workDate: true },
      })
    ).map((a) => dateToKey(a.workDate)),
  );
  await db.leaveLedgerEntry.createMany({ data: cutiBersamaEntries(userId, leaveTypeId, days, worked, asOf), skipDuplicates: true });
}

/** The job: every employee's rows due by asOf (run daily; safe to repeat). */
export async function ensureAllLedgers(asOf: string = todayKey()): Promise<number> {
  const users = await db.user.findMany({ where: { role: 'employee' }, select: { id: true } });
  for (const u of users) await ensureLedger(u.id, asOf);
  return users.length;
}

/**
 * Once per installation (features/daily-close/server/daily-jobs.ts, ONCE.correctLeaveLedgers): every
 * employee's ledger brought up to date under today's rules, which re-derives the closes and carry-overs
 * written before a close counted that year's cuti bersama (docs/leave.md, "Corrections"). Answers how
 * many employees had rows corrected; each of them has one `leave.ledger_correct` audit row.
 */
export async function correctAllLedgers(asOf: string = todayKey()): Promise<number> {
  const users = await db.user.findMany({ where: { role: 'employee' }, select: { id: true } });
  let corrected = 0;
  for (const u of users) if ((await ensureLedger(u.id, asOf)) > 0) corrected++;
  return corrected;
}
