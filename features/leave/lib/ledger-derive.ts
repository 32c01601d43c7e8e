// The annual-leave ledger's computed rows (docs/leave.md), with no database: from the policy's events
// (ledger-rules.ts) and the rows stored so far, each leave year's close, its carry-over and the carry-over's
// expiry, from the balance as it stands on each date. features/leave/server/leave-ledger.ts writes them.
import { addDays } from '@/lib/dates';
import type { LedgerKind } from '@/features/leave/validation/leave-ledger';
import { carryExpiry, monthsLater, type LedgerEvent, type LedgerPolicy } from '@/features/leave/lib/ledger-rules';

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
