// Cuti Pengganti (docs/leave.md, "Cuti pengganti"): days off earned by work on a rest day or holiday, or by
// approved overtime converted instead of paid (features/overtime/server/overtime-convert.ts). Its own
// ledger balance of the type with the code `cuti_pengganti`: each credit is a `grant` row with an expiry
// date; leave of the type takes from the credits that expire first; what a credit still holds on the day
// after its expiry goes (`expiry` row, written by the daily jobs and before every read or use).
import { db } from '@/lib/server/db';
import type { LeaveTypeConfig, Prisma } from '@/lib/generated/prisma/client';
import { dateKeyToDate, dateToKey } from '@/lib/dates';

type Client = Prisma.TransactionClient | typeof db;

export const COMPENSATORY_CODE = 'cuti_pengganti';
export const DEFAULT_COMPENSATORY_EXPIRY_DAYS = 90;
/** The conversion rate: every full 4 payable hours are half a day off (8 hours a day). */
export const COMPENSATORY_MINUTES_PER_HALF_DAY = 240;

/** Days off for payable overtime minutes: ⌊minutes / 240⌋ × 0.5 (240 → 0.5, 479 → 0.5, 480 → 1, 600 → 1). */
export const compensatoryDays = (payableMinutes: number) => Math.floor(payableMinutes / COMPENSATORY_MINUTES_PER_HALF_DAY) / 2;

export async function compensatoryType(client: Client = db): Promise<LeaveTypeConfig | null> {
  return client.leaveTypeConfig.findUnique({ where: { code: COMPENSATORY_CODE } });
}

export type CompensatoryCredit = {
  id: string;
  days: number;
  effectiveDate: string;
  /** null: a positive adjustment, which does not expire. */
  expiresAt: string | null;
  used: number;
  expired: number;
  remaining: number;
  note: string | null;
};

const round = (n: number) => Math.round(n * 10000) / 10000;

/**
 * The credits of one employee with what is used of each. Each leave's net days (its deduction less any
 * reversal, dated on the leave's first day) and each negative adjustment are charged, in date order, to
 * the credits still valid on that date, the one that expires first first; an expiry row names its credit
 * in `period`.
 */
export async function creditsOf(client: Client, userId: string, typeId: string): Promise<CompensatoryCredit[]> {
  const rows = await client.leaveLedgerEntry.findMany({ where: { userId, leaveTypeId: typeId }, orderBy: { createdAt: 'asc' } });
  const expiredOf = new Map(rows.filter((r) => r.kind === 'expiry' && r.period).map((r) => [r.period!, -r.days]));
  const uses = new Map<string, { date: string; days: number }>();
  for (const r of rows) {
    const leaveUse = (r.kind === 'deduction' || r.kind === 'reversal') && r.leaveId;
    if (!leaveUse && !(r.kind === 'adjustment' && r.days < 0)) continue;
    const key = leaveUse ? r.leaveId! : r.id;
    const u = uses.get(key) ?? { date: dateToKey(r.effectiveDate), days: 0 };
    if (r.kind === 'deduction' || r.kind === 'adjustment') u.date = dateToKey(r.effectiveDate);
    u.days = round(u.days - r.days);
    uses.set(key, u);
  }
  const credits = rows
    .filter((r) => r.kind === 'grant' || (r.kind === 'adjustment' && r.days > 0))
    .map((r) => {
      const expiresAt = r.expiresAt ? dateToKey(r.expiresAt) : null;
      const expired = expiredOf.get(r.id) ?? 0;
      return { id: r.id, days: r.days, effectiveDate: dateToKey(r.effectiveDate), expiresAt, used: 0, expired, remaining: 0, note: r.note };
    })
    .sort((a, b) => (a.expiresAt ?? '9999').localeCompare(b.expiresAt ?? '9999') || a.effectiveDate.localeCompare(b.effectiveDate));
  for (const u of [...uses.values()].sort((a, b) => a.date.localeCompare(b.date))) {
    let left = u.days;
    for (const c of credits) {
      if (left <= 0) break;
      if (c.expiresAt !== null && c.expiresAt < u.date) continue;
      const take = Math.min(left, round(c.days - c.expired - c.used));
      if (take <= 0) continue;
      c.used = round(c.used + take);
      left = round(left - take);
    }
  }
  return credits.map((c) => ({ ...c, remaining: round(c.days - c.expired - c.used) }));
}

/** What can be taken for leave that ends on `date`: the credits still valid then. */
export async function availableOn(client: Client, userId: string, typeId: string, date: string): Promise<number> {
  const credits = await creditsOf(client, userId, typeId);
  return round(credits.filter((c) => c.expiresAt === null || c.expiresAt >= date).reduce((s, c) => s + c.remaining, 0));
}

/**
 * Writes the expiry of every credit whose last valid day is before `today` and that still holds days
 * (idempotent: one row per credit, idemKey `cuti_pengganti_expiry:{credit}`); answers the rows written.
 * `userId` null: every employee with a credit (the daily jobs).
 */
export async function expireCompensatory(today: string, userId: string | null = null, client: Client = db): Promise<number> {
  const type = await compensatoryType(client);
  if (!type) return 0;
  const due = await client.leaveLedgerEntry.findMany({
    where: { leaveTypeId: type.id, kind: 'grant', expiresAt: { lt: dateKeyToDate(today) }, ...(userId ? { userId } : {}) },
    select: { userId: true },
    distinct: ['userId'],
  });
  let written = 0;
  for (const { userId: owner } of due) {
    for (const c of await creditsOf(client, owner, type.id)) {
      if (!c.expiresAt || c.expiresAt >= today || c.remaining <= 0) continue;
      const { count } = await client.leaveLedgerEntry.createMany({
        data: [
          {
            userId: owner,
            leaveTypeId: type.id,
            kind: 'expiry',
            days: -c.remaining,
            // Dated the day it is written (the day after the last valid one when the jobs ran that day): a
            // later date never falls in a month closed meanwhile.
            effectiveDate: dateKeyToDate(today),
            period: c.id,
            idemKey: `cuti_pengganti_expiry:${c.id}`,
            note: `Cuti pengganti berlaku s.d. ${c.expiresAt} tidak terpakai`,
          },
        ],
        skipDuplicates: true,
      });
      written += count;
    }
  }
  return written;
}
