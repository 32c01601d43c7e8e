// Annual leave as a ledger (docs/leave.md): every change of a balance is a row, the balance is the sum.
// The rows the rules make by themselves (the yearly grant, the year's close and carry-over, the expiry of
// carried days, the cuti bersama deduction and its give-back) carry a unique idemKey per
// (user, type, kind, period): ensureLedger() may run on every read and from a job without ever doubling.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { annualType, toLeaveTypeDto } from '@/features/leave/server/leave-types';
import { calendarDays } from '@/features/calendar/server/calendar';
import { addDays, dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { LeaveEligibility, LeaveGrantBasis, Prisma, Settings } from '@/lib/generated/prisma/client';
import { LEDGER_KIND_LABELS, type BalanceAdjustInput } from '@/features/leave/validation/leave-ledger';
import type { BalanceDto, LedgerEntryDto } from '@/features/leave/types/leave-ledger';
import { assertStaff, assertSelfOrStaff, assertNotSelf } from '@/lib/server/auth/policy';

type Client = Prisma.TransactionClient | typeof db;
type NewEntry = Prisma.LeaveLedgerEntryCreateManyInput;

export const todayKey = () => dateKeyInZone(new Date(), 'Asia/Jakarta');

/** The first working day: User.joinDate, else the day of createdAt (as the calendar reads it). */
export function joinKeyOf(u: { joinDate: Date | null; createdAt: Date }): string {
  return u.joinDate ? dateToKey(u.joinDate) : dateKeyInZone(u.createdAt, 'Asia/Jakarta');
}

/** The same day n years later (29 February → 28 February). */
export function anniversary(joinKey: string, years = 1): string {
  const [y = 0, m = 1, d = 1] = joinKey.split('-').map(Number);
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The first day annual leave is earned: the join date (pro_rata) or its first anniversary (the law). */
export function eligibleFrom(policy: LeaveEligibility, joinKey: string): string {
  return policy === 'pro_rata' ? joinKey : anniversary(joinKey);
}

/** The leave policy the ledger follows (Settings, docs/leave.md). */
export type LedgerPolicy = {
  basis: LeaveGrantBasis;
  eligibility: LeaveEligibility;
  /** Pro rata: days per full month (null: the yearly quota ÷ 12). */
  perMonth: number | null;
  carryMax: number;
  expiryMonth: number;
  expiryDay: number;
  /** Events dated before this day are not written under this policy (null: none). */
  from: string | null;
};

export function ledgerPolicy(s: Settings | null): LedgerPolicy {
  return {
    basis: s?.leaveGrantBasis ?? 'awal_tahun',
    eligibility: s?.leaveEligibility ?? 'setelah_12_bulan',
    perMonth: s?.leaveProRataDaysPerMonth ?? null,
    carryMax: s?.leaveCarryOverMax ?? 0,
    expiryMonth: s?.leaveCarryOverExpiryMonth ?? 6,
    expiryDay: s?.leaveCarryOverExpiryDay ?? 30,
    from: s?.leavePolicyFrom ? dateToKey(s.leavePolicyFrom) : null,
  };
}

/** Rounded down to half a day. */
const floorHalf = (n: number) => Math.floor(n * 2 + 1e-9) / 2;

/**
 * One date on the ledger's timeline: the start of a leave year (`close`: what is left before it closes,
 * carry-over comes back) and/or a grant. `period` names the rows in their idemKeys: the year under
 * awal_tahun (as the first version of this module wrote them), the date under ulang_tahun_kerja.
 */
export type LedgerEvent = { date: string; close: boolean; closePeriod: string; grant: number; period: string; next: string };

/**
 * Every event from the join date to `until`. awal_tahun: leave years start on 1 January; ulang_tahun_kerja:
 * on each anniversary of the join date. The law (setelah_12_bulan): the full quota from the first
 * anniversary (under awal_tahun in the middle of that year, then every 1 January). Pro rata: at the join
 * date, days per full month of the first leave year (under awal_tahun the months from the join date to
 * 31 December, the month of joining only when joined on the 1st; under ulang_tahun_kerja 12 months),
 * rounded down to half a day, at most the quota; the full quota every leave year after.
 */
export function ledgerEvents(
  p: Pick<LedgerPolicy, 'basis' | 'eligibility' | 'perMonth'>,
  joinKey: string,
  quota: number,
  until: string,
): LedgerEvent[] {
  const [joinYear = 0, m = 1, d = 1] = joinKey.split('-').map(Number);
  const perMonth = p.perMonth ?? quota / 12;
  const eligible = eligibleFrom(p.eligibility, joinKey);
  const events: LedgerEvent[] = [];
  if (p.basis === 'awal_tahun') {
    const yearEnd = (y: number) => `${y + 1}-01-01`;
    if (p.eligibility === 'pro_rata') {
      const months = 12 - m + (d === 1 ? 1 : 0);
      events.push({
        date: joinKey,
        close: false,
        closePeriod: '',
        grant: Math.min(quota, floorHalf(perMonth * months)),
        period: String(joinYear),
        next: yearEnd(joinYear),
      });
    } else if (!eligible.endsWith('-01-01')) {
      const y = Number(eligible.slice(0, 4));
      events.push({ date: eligible, close: false, closePeriod: '', grant: quota, period: String(y), next: yearEnd(y) });
    }
    for (let y = joinYear + 1; `${y}-01-01` <= until; y++) {
      const date = `${y}-01-01`;
      events.push({
        date,
        close: true,
        closePeriod: String(y - 1),
        grant: date >= eligible ? quota : 0,
        period: String(y),
        next: yearEnd(y),
      });
    }
  } else {
    if (p.eligibility === 'pro_rata') {
      events.push({
        date: joinKey,
        close: false,
        closePeriod: '',
        grant: Math.min(quota, floorHalf(perMonth * 12)),
        period: joinKey,
        next: anniversary(joinKey),
      });
    }
    for (let n = 1; anniversary(joinKey, n) <= until; n++) {
      const date = anniversary(joinKey, n);
      events.push({ date, close: true, closePeriod: date, grant: quota, period: date, next: anniversary(joinKey, n + 1) });
    }
  }
  return events.filter((e) => e.date <= until);
}

/** The awal_tahun grant of one year, or null (the first version's rule, kept for its callers). */
export function grantFor(
  policy: LeaveEligibility,
  joinKey: string,
  year: number,
  quota: number,
  perMonth: number | null = null,
): { days: number; effective: string } | null {
  const e = ledgerEvents({ basis: 'awal_tahun', eligibility: policy, perMonth }, joinKey, quota, `${year}-12-31`).find(
    (x) => x.grant > 0 && x.date.startsWith(`${year}-`),
  );
  return e ? { days: e.grant, effective: e.date } : null;
}

/** Carried days expire on the policy's month and day: the first such date after the leave year starts, at the latest the day before the next one. */
export function carryExpiry(p: Pick<LedgerPolicy, 'expiryMonth' | 'expiryDay'>, start: string, next: string): string {
  const mmdd = `${String(p.expiryMonth).padStart(2, '0')}-${String(p.expiryDay).padStart(2, '0')}`;
  const year = Number(start.slice(0, 4));
  const date = `${year}-${mmdd}` > start ? `${year}-${mmdd}` : `${year + 1}-${mmdd}`;
  const last = addDays(next, -1);
  return date < last ? date : last;
}

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

function toEntryDto(e: Prisma.LeaveLedgerEntryGetPayload<object>): LedgerEntryDto {
  return {
    id: e.id,
    leaveTypeId: e.leaveTypeId,
    kind: e.kind,
    label: LEDGER_KIND_LABELS[e.kind],
    days: e.days,
    effectiveDate: dateToKey(e.effectiveDate),
    expiresAt: e.expiresAt ? dateToKey(e.expiresAt) : null,
    note: e.note,
    actorName: e.actorName,
    leaveId: e.leaveId,
    createdAt: e.createdAt.toISOString(),
  };
}

/** GET /api/leaves/balance/{userId}: the owner, admin and HR. */
export async function getBalance(actor: Pick<SessionUser, 'id' | 'role'>, userId: string, asOf: string = todayKey()): Promise<BalanceDto> {
  assertSelfOrStaff(actor, userId, 'Anda hanya dapat melihat saldo cuti Anda sendiri.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  await ensureLedger(userId, asOf);
  const [type, others, entries] = await Promise.all([
    annualType(),
    db.leaveTypeConfig.findMany({ where: { active: true, deductsBalance: false }, orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }] }),
    db.leaveLedgerEntry.findMany({ where: { userId }, orderBy: [{ effectiveDate: 'desc' }, { createdAt: 'desc' }], take: 500 }),
  ]);
  return {
    userId,
    userName: user.name,
    asOf,
    annual: type ? { leaveTypeId: type.id, name: type.name, balance: await balanceOf(db, userId, type.id) } : null,
    quotas: others
      .map(toLeaveTypeDto)
      .map((t) => ({ leaveTypeId: t.id, name: t.name, quotaPerEvent: t.quotaPerEvent, maxDays: t.maxDays })),
    ledger: entries.map(toEntryDto),
  };
}

/** POST /api/leaves/balance/{userId}/adjust: admin or HR, with a reason; never on one's own balance. */
export async function adjustBalance(actor: SessionUser, userId: string, input: BalanceAdjustInput): Promise<BalanceDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat menyesuaikan saldo cuti.');
  assertNotSelf(actor, userId, 'Anda tidak dapat menyesuaikan saldo cuti Anda sendiri.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  const type = input.leaveTypeId ? await db.leaveTypeConfig.findUnique({ where: { id: input.leaveTypeId } }) : await annualType();
  if (!type) throw notFound('Jenis cuti tidak ditemukan');
  await db.$transaction(async (tx) => {
    const before = await balanceOf(tx, userId, type.id);
    const entry = await tx.leaveLedgerEntry.create({
      data: {
        userId,
        leaveTypeId: type.id,
        kind: 'adjustment',
        days: input.days,
        effectiveDate: dateKeyToDate(todayKey()),
        note: input.reason,
        actorId: actor.id,
        actorName: actor.name,
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'leave.balance_adjust',
      entity: 'LeaveLedgerEntry',
      entityId: entry.id,
      targetUserId: userId,
      before: { balance: before },
      after: { balance: before + input.days, days: input.days },
      note: input.reason,
    });
  });
  return getBalance(actor, userId);
}
