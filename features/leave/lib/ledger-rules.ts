// The annual-leave ledger's rules (docs/leave.md), with no database: when leave is earned, the timeline of
// leave years and grants a policy makes, and when carried-over days expire. ledger-derive.ts computes the
// closes and carry-overs from them; features/leave/server/leave-ledger.ts writes the rows.
import { addDays, dateKeyInZone, dateToKey, DEFAULT_TIMEZONE } from '@/lib/dates';
import type { LeaveEligibility, LeaveGrantBasis } from '@/features/leave/validation/leave-ledger';

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
