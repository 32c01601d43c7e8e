// Annual leave as a ledger (docs/leave.md): every change of a balance is a row, the balance is the sum.
// The rows the rules make by themselves (the yearly grant, the year's close and carry-over, the expiry of
// carried days, the cuti bersama deduction and its give-back) carry a unique idemKey per
// (user, type, kind, period): ensureLedger() may run on every read and from a job without ever doubling.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/services/audit';
import { annualType, toLeaveTypeDto } from '@/lib/server/services/leave-types';
import { calendarDays } from '@/lib/server/services/calendar';
import { dateKeyInZone, dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import type { LeaveEligibility, Prisma } from '@/lib/generated/prisma/client';
import { LEDGER_KIND_LABELS, type BalanceAdjustInput, type BalanceDto, type LedgerEntryDto } from '@/lib/validation/leave-ledger';
import { assertStaff, assertSelfOrStaff, assertNotSelf } from '@/lib/server/auth/policy';

type Client = Prisma.TransactionClient | typeof db;
type NewEntry = Prisma.LeaveLedgerEntryCreateManyInput;

export const todayKey = () => dateKeyInZone(new Date(), 'Asia/Jakarta');

/** The first working day: User.joinDate, else the day of createdAt (as the calendar reads it). */
export function joinKeyOf(u: { joinDate: Date | null; createdAt: Date }): string {
  return u.joinDate ? dateToKey(u.joinDate) : dateKeyInZone(u.createdAt, 'Asia/Jakarta');
}

/** The same day 12 months later (29 February → 28 February). */
export function anniversary(joinKey: string): string {
  const [y = 0, m = 1, d = 1] = joinKey.split('-').map(Number);
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The first day annual leave is earned: the join date (pro_rata) or its first anniversary (the law). */
export function eligibleFrom(policy: LeaveEligibility, joinKey: string): string {
  return policy === 'pro_rata' ? joinKey : anniversary(joinKey);
}

/**
 * The grant for a year, or null. The law: the full quota once 12 months are served, from the anniversary
 * in the year it falls, from 1 January after. Pro rata: in the join year, one twelfth of the quota for each
 * full month from the join date to 31 December (rounded down); the full quota every year after.
 */
export function grantFor(policy: LeaveEligibility, joinKey: string, year: number, quota: number): { days: number; effective: string } | null {
  const from = eligibleFrom(policy, joinKey);
  const fromYear = Number(from.slice(0, 4));
  if (year < fromYear) return null;
  if (year > fromYear) return { days: quota, effective: `${year}-01-01` };
  if (policy === 'setelah_12_bulan') return { days: quota, effective: from };
  const [, m = 1, d = 1] = joinKey.split('-').map(Number);
  const months = 12 - m + (d === 1 ? 1 : 0);
  return { days: Math.floor((quota * months) / 12), effective: joinKey };
}

const sumDays = async (client: Client, where: Prisma.LeaveLedgerEntryWhereInput) =>
  (await client.leaveLedgerEntry.aggregate({ where, _sum: { days: true } }))._sum.days ?? 0;

/** The balance of one type: the sum of its rows. */
export async function balanceOf(client: Client, userId: string, leaveTypeId: string): Promise<number> {
  return sumDays(client, { userId, leaveTypeId });
}

/** Makes every automatic row due by `asOf` for one employee (idempotent). */
export async function ensureLedger(userId: string, asOf: string = todayKey()): Promise<void> {
  const [type, settings, user] = await Promise.all([
    annualType(),
    db.settings.findUnique({ where: { id: 1 } }),
    db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, joinDate: true, createdAt: true, endDate: true } }),
  ]);
  if (!type || !user || user.role !== 'employee' || !type.quotaPerYear) return;
  const policy = settings?.leaveEligibility ?? 'setelah_12_bulan';
  const joinKey = joinKeyOf(user);
  const from = eligibleFrom(policy, joinKey);
  const asOfYear = Number(asOf.slice(0, 4));
  const base = { userId, leaveTypeId: type.id };
  const key = (kind: string, period: string) => `${kind}:${userId}:${type.id}:${period}`;
  for (let year = Math.max(Number(joinKey.slice(0, 4)), asOfYear - 2); year <= asOfYear; year++) {
    const rows: NewEntry[] = [];
    if (year > Number(joinKey.slice(0, 4)) && asOf >= `${year}-01-01`) {
      // The year's close: what is left of last year goes; up to the cap comes back as carry-over until the expiry month ends.
      const left = await sumDays(db, { ...base, effectiveDate: { lt: dateKeyToDate(`${year}-01-01`) } });
      const cap = settings?.leaveCarryOverMax ?? 0;
      if (left > 0) {
        rows.push({ ...base, kind: 'expiry', days: -left, effectiveDate: dateKeyToDate(`${year - 1}-12-31`), period: String(year - 1), idemKey: key('close', String(year - 1)), note: `Sisa cuti ${year - 1} ditutup` });
        const carry = Math.min(cap, left);
        if (carry > 0) {
          const month = settings?.leaveCarryOverExpiryMonth ?? 6;
          const expires = dateToKey(new Date(Date.UTC(year, month, 0)));
          rows.push({ ...base, kind: 'carry_over', days: carry, effectiveDate: dateKeyToDate(`${year}-01-01`), expiresAt: dateKeyToDate(expires), period: String(year), idemKey: key('carry', String(year)), note: `Sisa cuti ${year - 1} (maks. ${cap} hari), berlaku s.d. ${expires}` });
        }
      }
    }
    const grant = grantFor(policy, joinKey, year, type.quotaPerYear);
    if (grant && grant.effective <= asOf && grant.days > 0) {
      rows.push({ ...base, kind: 'grant', days: grant.days, effectiveDate: dateKeyToDate(grant.effective), period: String(year), idemKey: key('grant', String(year)), note: `Hak cuti tahunan ${year}` });
    }
    if (rows.length) await db.leaveLedgerEntry.createMany({ data: rows, skipDuplicates: true });
    await expireCarryOver(userId, type.id, year, asOf, key('carry_expiry', String(year)));
    if (settings?.cutiBersamaPolicy === 'potong_cuti' || settings == null) await ensureCutiBersama(userId, type.id, year, asOf, from, key);
  }
}

/** After its expiry date, the carried-over days not used by then (used first, before the year's grant) go. */
async function expireCarryOver(userId: string, leaveTypeId: string, year: number, asOf: string, idemKey: string): Promise<void> {
  const carry = await db.leaveLedgerEntry.findFirst({ where: { userId, leaveTypeId, kind: 'carry_over', period: String(year) } });
  if (!carry?.expiresAt || asOf <= dateToKey(carry.expiresAt)) return;
  const used = -(await sumDays(db, {
    userId, leaveTypeId,
    kind: { in: ['deduction', 'reversal', 'cuti_bersama', 'cuti_bersama_reversal'] },
    effectiveDate: { gte: dateKeyToDate(`${year}-01-01`), lte: carry.expiresAt },
  }));
  const unused = carry.days - Math.max(0, used);
  if (unused <= 0) return;
  await db.leaveLedgerEntry.createMany({
    data: [{ userId, leaveTypeId, kind: 'expiry', days: -unused, effectiveDate: carry.expiresAt, period: String(year), idemKey, note: `Sisa cuti ${year - 1} hangus` }],
    skipDuplicates: true,
  });
}

/**
 * Under potong_cuti each cuti bersama day off of the employee's calendar (the year's days, so the balance
 * shows them in advance) takes one day of annual leave once eligible on that date; a day the employee
 * worked (an Attendance row on that date) is given back.
 */
async function ensureCutiBersama(userId: string, leaveTypeId: string, year: number, asOf: string, eligible: string, key: (k: string, p: string) => string): Promise<void> {
  const holidays = await db.holiday.findMany({ where: { kind: 'cuti_bersama', date: { gte: dateKeyToDate(`${year}-01-01`), lte: dateKeyToDate(`${year}-12-31`) } }, select: { date: true }, orderBy: { date: 'asc' } });
  if (!holidays.length) return;
  const first = dateToKey(holidays[0]!.date);
  const last = dateToKey(holidays[holidays.length - 1]!.date);
  const days = (await calendarDays([userId], first, last)).filter((d) => d.status === 'cuti_bersama' && d.date >= eligible);
  if (!days.length) return;
  const worked = new Set(
    (await db.attendance.findMany({ where: { userId, workDate: { in: days.map((d) => dateKeyToDate(d.date)) } }, select: { workDate: true } })).map((a) => dateToKey(a.workDate)),
  );
  const rows: NewEntry[] = [];
  for (const d of days) {
    const note = d.holidayName ?? 'Cuti bersama';
    rows.push({ userId, leaveTypeId, kind: 'cuti_bersama', days: -1, effectiveDate: dateKeyToDate(d.date), period: d.date, idemKey: key('cuti_bersama', d.date), note });
    if (worked.has(d.date) && d.date <= asOf) {
      rows.push({ userId, leaveTypeId, kind: 'cuti_bersama_reversal', days: 1, effectiveDate: dateKeyToDate(d.date), period: d.date, idemKey: key('cuti_bersama_reversal', d.date), note: `Masuk kerja pada ${note}` });
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
    id: e.id, leaveTypeId: e.leaveTypeId, kind: e.kind, label: LEDGER_KIND_LABELS[e.kind], days: e.days,
    effectiveDate: dateToKey(e.effectiveDate), expiresAt: e.expiresAt ? dateToKey(e.expiresAt) : null,
    note: e.note, actorName: e.actorName, leaveId: e.leaveId, createdAt: e.createdAt.toISOString(),
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
    quotas: others.map(toLeaveTypeDto).map((t) => ({ leaveTypeId: t.id, name: t.name, quotaPerEvent: t.quotaPerEvent, maxDays: t.maxDays })),
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
      data: { userId, leaveTypeId: type.id, kind: 'adjustment', days: input.days, effectiveDate: dateKeyToDate(todayKey()), note: input.reason, actorId: actor.id, actorName: actor.name },
    });
    await recordAudit(tx, { actor, kind: 'leave.balance_adjust', entity: 'LeaveLedgerEntry', entityId: entry.id, targetUserId: userId, before: { balance: before }, after: { balance: before + input.days, days: input.days }, note: input.reason });
  });
  return getBalance(actor, userId);
}
