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
import { periodLabel } from '@/features/periods/validation/periods';
import {
  eligibleFrom,
  joinKeyOf,
  ledgerEvents,
  ledgerPolicy,
  monthsLater,
  todayKey,
  type LedgerEvent,
  type LedgerPolicy,
} from '@/features/leave/lib/ledger-rules';
import { DERIVED_KINDS, deriveLedger, type StoredRow } from '@/features/leave/lib/ledger-derive';

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
 * Makes every automatic row due by `asOf` for one employee (idempotent) and answers how many rows it
 * corrected. The events of the policy in force count from the day it took effect
 * (Settings.leavePolicyFrom) and at most two years back. The facts come first (the grants, then each
 * year's cuti bersama), then the figures that follow from the balance (closes, carry-overs, their expiry:
 * deriveLedger), so a close never takes more than what is left after the rows dated before it.
 */
export async function ensureLedger(userId: string, asOf: string = todayKey()): Promise<number> {
  const [type, settings, user] = await Promise.all([
    annualType(),
    db.settings.findUnique({ where: { id: 1 } }),
    db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, joinDate: true, createdAt: true, endDate: true } }),
  ]);
  if (!type || !user || user.role !== 'employee' || !type.quotaPerYear) return 0;
  const p = ledgerPolicy(settings);
  const joinKey = joinKeyOf(user);
  const asOfYear = Number(asOf.slice(0, 4));
  const key = (kind: string, period: string) => `${kind}:${userId}:${type.id}:${period}`;
  const windowStart = `${asOfYear - 2}-01-01`;
  const from = p.from && p.from > windowStart ? p.from : windowStart;
  const events = ledgerEvents(p, joinKey, type.quotaPerYear, asOf).filter((e) => e.date >= from);
  const grants: NewEntry[] = events
    .filter((e) => e.grant > 0)
    .map((e) => ({
      userId,
      leaveTypeId: type.id,
      kind: 'grant',
      days: e.grant,
      effectiveDate: dateKeyToDate(e.date),
      period: e.period,
      idemKey: key('grant', e.period),
      note: `Hak cuti tahunan mulai ${e.date}`,
    }));
  if (grants.length) await db.leaveLedgerEntry.createMany({ data: grants, skipDuplicates: true });
  const eligible = eligibleFrom(p.eligibility, joinKey);
  for (let year = Math.max(Number(joinKey.slice(0, 4)), asOfYear - 2); year <= asOfYear; year++) {
    if (settings?.cutiBersamaPolicy === 'potong_cuti' || settings == null)
      await ensureCutiBersama(userId, type.id, year, asOf, eligible, key);
  }
  return settleLedger(userId, type.id, p, events, from, asOf);
}

const round4 = (n: number) => Math.round(n * 10000) / 10000;
const fmtDays = (n: number) => n.toLocaleString('id-ID', { maximumFractionDigits: 2 });
const nextMonth = (month: string) => monthsLater(`${month}-01`, 1).slice(0, 7);

/**
 * Writes what deriveLedger says is due and differs from the stored rows. A figure never written is
 * written; one already written with another value keeps its row and gets a `correction` row for the
 * difference (idemKey: the row's with '#1', '#2', …); a row missing from a close written before (its
 * carry-over) is written as a correction too. No row goes into a closed month (docs/periods.md): it is
 * dated on the first day of the first open month after its date, and its note says which date it belongs
 * to. Corrections leave one audit row (`leave.ledger_correct`): the balance before and after, every row.
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
  const infix = `:${userId}:${leaveTypeId}:`;
  /** 'close:<user>:<type>:2025#1' → 'close:2025#1'; null unless a computed row's. */
  const shortKey = (idemKey: string | null): string | null => {
    const at = idemKey ? idemKey.indexOf(infix) : -1;
    if (!idemKey || at < 0) return null;
    const name = idemKey.slice(0, at);
    return (DERIVED_KINDS as readonly string[]).includes(name) ? `${name}:${idemKey.slice(at + infix.length)}` : null;
  };
  const fullKey = (short: string) => {
    const at = short.indexOf(':');
    return `${short.slice(0, at)}${infix}${short.slice(at + 1)}`;
  };
  const rows: StoredRow[] = stored.map((r) => ({
    kind: r.kind,
    days: r.days,
    date: dateToKey(r.effectiveDate),
    expiresAt: r.expiresAt ? dateToKey(r.expiresAt) : null,
    key: shortKey(r.idemKey),
  }));
  const derivation = deriveLedger({ policy: p, events, rows, from, asOf });
  const want = new Map(derivation.rows.map((r) => [r.key, r]));
  const have = new Map<string, { row?: (typeof stored)[number]; total: number; fixes: number }>();
  stored.forEach((r, i) => {
    const k = rows[i]!.key;
    if (!k) return;
    const base = k.split('#')[0]!;
    const h = have.get(base) ?? { total: 0, fixes: 0 };
    h.total = round4(h.total + r.days);
    if (k.includes('#')) h.fixes++;
    else h.row = r;
    have.set(base, h);
  });

  let closedMonths: Set<string> | null = null;
  const dated = async (date: string, note: string) => {
    closedMonths ??= new Set((await db.period.findMany({ where: { status: 'closed' }, select: { month: true } })).map((x) => x.month));
    let month = date.slice(0, 7);
    if (!closedMonths.has(month)) return { on: date, note };
    while (closedMonths.has(month)) month = nextMonth(month);
    return { on: `${month}-01`, note: `${note} (untuk ${date}; periode ${periodLabel(date.slice(0, 7))} sudah ditutup)` };
  };

  const fresh: NewEntry[] = [];
  const fixes: NewEntry[] = [];
  for (const group of derivation.groups) {
    const started = group.some((k) => have.has(k));
    for (const k of group) {
      const w = want.get(k);
      const h = have.get(k);
      const x = round4(w?.days ?? 0);
      const y = h?.total ?? 0;
      if (x === y) continue;
      if (!h && w) {
        // Not written yet: the row itself (a correction when the rest of its close was written before).
        const { on, note } = await dated(w.date, started ? `Koreksi: ${w.note}` : w.note);
        (started ? fixes : fresh).push({
          userId,
          leaveTypeId,
          kind: w.kind,
          days: w.days,
          effectiveDate: dateKeyToDate(on),
          expiresAt: w.expiresAt ? dateKeyToDate(w.expiresAt) : null,
          period: w.period,
          idemKey: fullKey(k),
          note,
        });
        continue;
      }
      const was = h?.row;
      const { on, note } = await dated(
        w?.date ?? (was ? dateToKey(was.effectiveDate) : asOf),
        `Koreksi "${was?.note ?? k}": ${fmtDays(x)} hari, tercatat ${fmtDays(y)} hari`,
      );
      fixes.push({
        userId,
        leaveTypeId,
        kind: 'correction',
        days: round4(x - y),
        effectiveDate: dateKeyToDate(on),
        expiresAt: w?.expiresAt ? dateKeyToDate(w.expiresAt) : null,
        period: w?.period ?? was?.period ?? null,
        idemKey: `${fullKey(k)}#${(h?.fixes ?? 0) + 1}`,
        note,
      });
    }
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
      after: {
        balance: await balanceOf(tx, userId, leaveTypeId),
        rows: written.map((f) => ({ kind: f.kind, days: f.days, date: dateToKey(f.effectiveDate as Date), note: f.note })),
      },
      note: 'Saldo cuti tahunan dihitung ulang: hangus dan sisa cuti yang dibawa dikoreksi',
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
async function ensureCutiBersama(
  userId: string,
  leaveTypeId: string,
  year: number,
  asOf: string,
  eligible: string,
  key: (k: string, p: string) => string,
): Promise<void> {
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
