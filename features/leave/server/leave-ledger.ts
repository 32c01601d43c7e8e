// Annual leave as a ledger (docs/leave.md): every change of a balance is a row, the balance is the sum.
// The rows the rules make by themselves (the yearly grant, the year's close and carry-over, the expiry of
// carried days, the cuti bersama deduction and its give-back) carry a unique idemKey per
// (user, type, kind, period): ensureLedger() may run on every read and from a job without ever doubling.
// The rules themselves (which events, how many days) are in features/leave/lib/ledger-rules.ts; reading and
// adjusting a balance through the API in leave-balance.ts.
import { db } from '@/lib/server/db';
import { annualType } from '@/features/leave/server/leave-types';
import { calendarDays } from '@/features/calendar/server/calendar';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import type { Prisma } from '@/lib/generated/prisma/client';
import { carryExpiry, eligibleFrom, joinKeyOf, ledgerEvents, ledgerPolicy, todayKey } from '@/features/leave/lib/ledger-rules';

type Client = Prisma.TransactionClient | typeof db;
type NewEntry = Prisma.LeaveLedgerEntryCreateManyInput;

/** A sum of rows, to 4 decimals (hours make fractions of a day; the floats must not drift). */
const sumDays = async (client: Client, where: Prisma.LeaveLedgerEntryWhereInput) =>
  Math.round(((await client.leaveLedgerEntry.aggregate({ where, _sum: { days: true } }))._sum.days ?? 0) * 10000) / 10000;

/** The balance of one type: the sum of its rows. */
export async function balanceOf(client: Client, userId: string, leaveTypeId: string): Promise<number> {
  return sumDays(client, { userId, leaveTypeId });
}

/**
 * Makes every automatic row due by `asOf` for one employee (idempotent). The events of the policy in
 * force are written from the day it took effect (Settings.leavePolicyFrom) and at most two years back;
 * rows already written are never changed.
 */
export async function ensureLedger(userId: string, asOf: string = todayKey()): Promise<void> {
  const [type, settings, user] = await Promise.all([
    annualType(),
    db.settings.findUnique({ where: { id: 1 } }),
    db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, joinDate: true, createdAt: true, endDate: true } }),
  ]);
  if (!type || !user || user.role !== 'employee' || !type.quotaPerYear) return;
  const p = ledgerPolicy(settings);
  const joinKey = joinKeyOf(user);
  const asOfYear = Number(asOf.slice(0, 4));
  const base = { userId, leaveTypeId: type.id };
  const key = (kind: string, period: string) => `${kind}:${userId}:${type.id}:${period}`;
  const windowStart = `${asOfYear - 2}-01-01`;
  const from = p.from && p.from > windowStart ? p.from : windowStart;
  for (const e of ledgerEvents(p, joinKey, type.quotaPerYear, asOf)) {
    if (e.date < from) continue;
    await expireCarryOver(userId, type.id, e.date, key);
    const rows: NewEntry[] = [];
    if (e.close) {
      // The leave year's close: what is left goes; up to the cap comes back as carry-over until its expiry.
      const left = await sumDays(db, { ...base, effectiveDate: { lt: dateKeyToDate(e.date) } });
      if (left > 0) {
        const closed = addDays(e.date, -1);
        rows.push({
          ...base,
          kind: 'expiry',
          days: -left,
          effectiveDate: dateKeyToDate(closed),
          period: e.closePeriod,
          idemKey: key('close', e.closePeriod),
          note: `Sisa cuti s.d. ${closed} ditutup`,
        });
        const carry = Math.min(p.carryMax, left);
        if (carry > 0) {
          const expires = carryExpiry(p, e.date, e.next);
          rows.push({
            ...base,
            kind: 'carry_over',
            days: carry,
            effectiveDate: dateKeyToDate(e.date),
            expiresAt: dateKeyToDate(expires),
            period: e.period,
            idemKey: key('carry', e.period),
            note: `Sisa cuti s.d. ${closed} (maks. ${p.carryMax} hari), berlaku s.d. ${expires}`,
          });
        }
      }
    }
    if (e.grant > 0) {
      rows.push({
        ...base,
        kind: 'grant',
        days: e.grant,
        effectiveDate: dateKeyToDate(e.date),
        period: e.period,
        idemKey: key('grant', e.period),
        note: `Hak cuti tahunan mulai ${e.date}`,
      });
    }
    if (rows.length) await db.leaveLedgerEntry.createMany({ data: rows, skipDuplicates: true });
  }
  await expireCarryOver(userId, type.id, asOf, key);
  const eligible = eligibleFrom(p.eligibility, joinKey);
  for (let year = Math.max(Number(joinKey.slice(0, 4)), asOfYear - 2); year <= asOfYear; year++) {
    if (settings?.cutiBersamaPolicy === 'potong_cuti' || settings == null)
      await ensureCutiBersama(userId, type.id, year, asOf, eligible, key);
  }
}

/** Carried-over days whose expiry is before `before` and not used by then (they are used first) go. */
async function expireCarryOver(userId: string, leaveTypeId: string, before: string, key: (k: string, p: string) => string): Promise<void> {
  const carries = await db.leaveLedgerEntry.findMany({
    where: { userId, leaveTypeId, kind: 'carry_over', expiresAt: { lt: dateKeyToDate(before) } },
  });
  for (const carry of carries) {
    const idemKey = key('carry_expiry', carry.period ?? carry.id);
    if (await db.leaveLedgerEntry.count({ where: { idemKey } })) continue;
    const used = -(await sumDays(db, {
      userId,
      leaveTypeId,
      kind: { in: ['deduction', 'reversal', 'cuti_bersama', 'cuti_bersama_reversal'] },
      effectiveDate: { gte: carry.effectiveDate, lte: carry.expiresAt! },
    }));
    const unused = carry.days - Math.max(0, used);
    if (unused <= 0) continue;
    await db.leaveLedgerEntry.createMany({
      data: [
        {
          userId,
          leaveTypeId,
          kind: 'expiry',
          days: -unused,
          effectiveDate: carry.expiresAt!,
          period: carry.period,
          idemKey,
          note: `Sisa cuti yang dibawa hangus`,
        },
      ],
      skipDuplicates: true,
    });
  }
}

/**
 * Under potong_cuti each cuti bersama day off of the employee's calendar (the year's days, so the balance
 * shows them in advance) takes one day of annual leave once eligible on that date; a day the employee
 * worked (an Attendance row on that date) is given back.
 */
async function ensureCutiBersama(
  userId: string,
  leaveTypeId: string,
  year: number,
  asOf: string,
  eligible: string,
  key: (k: string, p: string) => string,
): Promise<void> {
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
  const rows: NewEntry[] = [];
  for (const d of days) {
    const note = d.holidayName ?? 'Cuti bersama';
    rows.push({
      userId,
      leaveTypeId,
      kind: 'cuti_bersama',
      days: -1,
      effectiveDate: dateKeyToDate(d.date),
      period: d.date,
      idemKey: key('cuti_bersama', d.date),
      note,
    });
    if (worked.has(d.date) && d.date <= asOf) {
      rows.push({
        userId,
        leaveTypeId,
        kind: 'cuti_bersama_reversal',
        days: 1,
        effectiveDate: dateKeyToDate(d.date),
        period: d.date,
        idemKey: key('cuti_bersama_reversal', d.date),
        note: `Masuk kerja pada ${note}`,
      });
    }
  }
  await db.leaveLedgerEntry.createMany({ data: rows, skipDuplicates: true });
}

/** The job: every employee's rows due by asOf (run daily; safe to repeat). */
export async function ensureAllLedgers(asOf: string = todayKey()): Promise<number> {
  const users = await db.user.findMany({ where: { role: 'employee' }, select: { id: true } });
  for (const u of users) await ensureLedger(u.id, asOf);
  return users.length;
}
