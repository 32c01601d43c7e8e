// The annual-leave ledger's rules (docs/leave.md), with no database: when leave is earned, the timeline of
// leave years and grants a policy makes, and when carried-over days expire. features/leave/server/leave-ledger.ts
// writes the rows these rules describe.
import { addDays, dateKeyInZone, dateToKey, DEFAULT_TIMEZONE } from '@/lib/dates';
import type { LeaveEligibility, LeaveGrantBasis, LedgerKind } from '@/features/leave/validation/leave-ledger';

/**
 * The ledger's "today": the date in WIB (docs/leave.md), whatever the employee's office. The yearly job,
 * a policy's effective date and an adjustment's date all use it.
 */
export const todayKey = () => dateKeyInZone(new Date(), DEFAULT_TIMEZONE);

/** The first working day: User.joinDate, else the day of createdAt (as the calendar reads it). */
export function joinKeyOf(u: { joinDate: Date | null; createdAt: Date }): string {
  return u.joinDate ? dateToKey(u.joinDate) : dateKeyInZone(u.createdAt, DEFAULT_TIMEZONE);
}

/** The same day n months later; a day the month lacks becomes its last (31 August + 6 months = 28 February). */
export function monthsLater(key: string, months: number): string {
  const [y = 0, m = 1, d = 1] = key.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The same day n years later (29 February → 28 February). */
export function anniversary(joinKey: string, years = 1): string {
  return monthsLater(joinKey, 12 * years);
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

/** The Settings columns the ledger reads (a Settings row fits). */
export type LedgerSettings = {
  leaveGrantBasis: LeaveGrantBasis;
  leaveEligibility: LeaveEligibility;
  leaveProRataDaysPerMonth: number | null;
  leaveCarryOverMax: number;
  leaveCarryOverExpiryMonth: number;
  leaveCarryOverExpiryDay: number;
  leavePolicyFrom: Date | null;
};

export function ledgerPolicy(s: LedgerSettings | null): LedgerPolicy {
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
 * Every event from the join date to `until`, in date order. awal_tahun: leave years start on 1 January; ulang_tahun_kerja:
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
  return events.filter((e) => e.date <= until).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
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

/**
 * A grant is never lost within this many months of the day it was given (docs/leave.md, "A grant lasts
 * at least six months"): what is left of it when its leave year closes is carried over whole.
 */
export const GRANT_MIN_MONTHS = 6;

/**
 * A stored row as the rules read it. `key` is the idemKey without the user and the type ('close:2025',
 * 'carry:2026', 'carry_expiry:2026'), a correction's with its number ('close:2025#1'); null for the other
 * rows (leave taken, adjustments) and for grants and cuti bersama, which are facts, not figures.
 */
export type StoredRow = { kind: LedgerKind; days: number; date: string; expiresAt: string | null; key: string | null };

/** A row the rules compute from the balance: a year's close, its carry-over, a carry-over's expiry. */
export type DerivedRow = {
  key: string;
  kind: 'expiry' | 'carry_over';
  days: number;
  date: string;
  expiresAt: string | null;
  period: string;
  note: string;
};

/**
 * The computed rows and the keys the computation answers for, grouped: one group per close (its close,
 * its carry-over, and its carry-over expiry when nothing is carried) and one per carry-over expiry that is
 * due. A key without a row is due at 0.
 */
export type Derivation = { rows: DerivedRow[]; groups: string[][] };

/** The names of the computed rows, as the first part of their idemKey. */
export const DERIVED_KINDS = ['close', 'carry', 'carry_expiry'] as const;
const USAGE: ReadonlySet<LedgerKind> = new Set(['deduction', 'reversal', 'cuti_bersama', 'cuti_bersama_reversal']);
const round4 = (n: number) => Math.round(n * 10000) / 10000;
const baseKey = (key: string | null) => (key ? key.split('#')[0]! : null);

/**
 * The closes, carry-overs and carry-over expiries that `events` (the policy's, dated `from`..`asOf`)
 * make from the stored rows, in date order, each from the balance as it stands then:
 *   - a close takes what is left before the leave year starts: every row dated before it, so the year's
 *     cuti bersama, leave taken and adjustments are always counted first, and never more than that (a
 *     balance at or below 0 closes nothing);
 *   - the carry-over is what is left up to the cap; what is left of a grant given less than
 *     GRANT_MIN_MONTHS before the close is carried whole whatever the cap, and the carry-over then lasts
 *     at least until the day before those months are over;
 *   - carried days not used by their expiry date expire (days used from the start of the leave year count
 *     against them first).
 * Stored closes, carry-overs and expiries inside the range are replaced by these figures; those before it
 * (an earlier policy, more than two years back) count as they are.
 */
export function deriveLedger(a: {
  policy: Pick<LedgerPolicy, 'carryMax' | 'expiryMonth' | 'expiryDay'>;
  events: readonly LedgerEvent[];
  rows: readonly StoredRow[];
  from: string;
  asOf: string;
}): Derivation {
  const closes = a.events.filter((e) => e.close && e.date >= a.from && e.date <= a.asOf);
  const replaced = new Set<string>();
  for (const e of closes) for (const k of [`close:${e.closePeriod}`, `carry:${e.period}`, `carry_expiry:${e.period}`]) replaced.add(k);
  // Carry-overs written before the range (their value as stored, corrections included) whose expiry falls in it.
  type Carry = { period: string; days: number; start: string; expires: string };
  const carries: Carry[] = [];
  for (const r of a.rows) {
    const k = r.key;
    if (!k || k.includes('#') || !k.startsWith('carry:') || replaced.has(k) || !r.expiresAt) continue;
    if (addDays(r.expiresAt, 1) < a.from) continue;
    const days = round4(a.rows.filter((x) => baseKey(x.key) === k).reduce((s, x) => s + x.days, 0));
    const period = k.slice('carry:'.length);
    carries.push({ period, days, start: r.date, expires: r.expiresAt });
    replaced.add(`carry_expiry:${period}`);
  }
  const fixed = a.rows.filter((r) => !replaced.has(baseKey(r.key) ?? ''));
  const rows: DerivedRow[] = [];
  const groups: string[][] = [];
  const before = (date: string) => round4([...fixed, ...rows].filter((r) => r.date < date).reduce((s, r) => s + r.days, 0));
  const expired = new Set<string>();
  const expire = (until: string) => {
    for (const c of [...carries].sort((x, y) => (x.expires < y.expires ? -1 : x.expires > y.expires ? 1 : 0))) {
      if (expired.has(c.period) || c.expires >= until) continue;
      expired.add(c.period);
      groups.push([`carry_expiry:${c.period}`]);
      const used = -fixed.filter((r) => USAGE.has(r.kind) && r.date >= c.start && r.date <= c.expires).reduce((s, r) => s + r.days, 0);
      const unused = round4(Math.max(0, c.days - Math.max(0, used)));
      if (unused > 0)
        rows.push({
          key: `carry_expiry:${c.period}`,
          kind: 'expiry',
          days: -unused,
          date: c.expires,
          expiresAt: null,
          period: c.period,
          note: 'Sisa cuti yang dibawa hangus',
        });
    }
  };
  for (const e of closes) {
    expire(e.date);
    const group = [`close:${e.closePeriod}`, `carry:${e.period}`];
    groups.push(group);
    const left = Math.max(0, before(e.date));
    const closed = addDays(e.date, -1);
    if (left > 0)
      rows.push({
        key: `close:${e.closePeriod}`,
        kind: 'expiry',
        days: -left,
        date: closed,
        expiresAt: null,
        period: e.closePeriod,
        note: `Sisa cuti s.d. ${closed} ditutup`,
      });
    const young = fixed.filter(
      (r) => r.kind === 'grant' && r.days > 0 && r.date < e.date && monthsLater(r.date, GRANT_MIN_MONTHS) > e.date,
    );
    const youngDays = young.reduce((s, r) => s + r.days, 0);
    const carry = round4(Math.min(left, Math.max(a.policy.carryMax, youngDays)));
    if (carry <= 0) {
      // Nothing carried: no expiry is due for this leave year either.
      group.push(`carry_expiry:${e.period}`);
      continue;
    }
    let expires = carryExpiry(a.policy, e.date, e.next);
    let note = `Sisa cuti s.d. ${closed} (maks. ${a.policy.carryMax} hari), berlaku s.d. ${expires}`;
    if (youngDays > 0) {
      const newest = young.reduce((m, r) => (r.date > m ? r.date : m), young[0]!.date);
      const floor = addDays(monthsLater(newest, GRANT_MIN_MONTHS), -1);
      const last = addDays(e.next, -1);
      if (floor > expires) expires = floor < last ? floor : last;
      note = `Sisa cuti s.d. ${closed}; hak cuti ${newest} belum ${GRANT_MIN_MONTHS} bulan, dibawa utuh, berlaku s.d. ${expires}`;
    }
    rows.push({ key: `carry:${e.period}`, kind: 'carry_over', days: carry, date: e.date, expiresAt: expires, period: e.period, note });
    carries.push({ period: e.period, days: carry, start: e.date, expires });
  }
  expire(a.asOf);
  return { rows, groups };
}
