// The annual-leave ledger's automatic rows for one employee, worked out from what was read (docs/leave.md):
// the grants, the cuti bersama rows and what deriveLedger says is due against the stored rows. No database
// here: ensureLedger (one employee, leave-ledger.ts) and ensureLedgers (many at once, in a caller's
// transaction, leave-ledger-bulk.ts) read and write; both make the same rows from these functions.
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import type { LeaveLedgerEntry, Prisma } from '@/lib/generated/prisma/client';
import { periodLabel } from '@/features/periods/validation/periods';
import { eligibleFrom, joinKeyOf, ledgerEvents, monthsLater, type LedgerEvent, type LedgerPolicy } from '@/features/leave/lib/ledger-rules';
import { DERIVED_KINDS, deriveLedger, type StoredRow } from '@/features/leave/lib/ledger-derive';

export type NewEntry = Prisma.LeaveLedgerEntryCreateManyInput;
/** A row as the settling reads it: a stored one, or one about to be written. */
export type LedgerRow = Pick<LeaveLedgerEntry, 'kind' | 'days' | 'effectiveDate' | 'expiresAt' | 'idemKey' | 'note' | 'period'>;

const round4 = (n: number) => Math.round(n * 10000) / 10000;
const fmtDays = (n: number) => n.toLocaleString('id-ID', { maximumFractionDigits: 2 });
const nextMonth = (month: string) => monthsLater(`${month}-01`, 1).slice(0, 7);

/** An automatic row's idemKey: unique per (kind, user, type, period). */
export const ledgerKey = (kind: string, userId: string, leaveTypeId: string, period: string) =>
  `${kind}:${userId}:${leaveTypeId}:${period}`;

/**
 * The events of the policy in force for one employee: from the day it took effect (Settings.leavePolicyFrom)
 * and at most two years back; the years whose cuti bersama count; the day the employee is eligible.
 */
export function ledgerWindow(
  p: LedgerPolicy,
  user: { joinDate: Date | null; createdAt: Date },
  quota: number,
  asOf: string,
): { events: LedgerEvent[]; from: string; eligible: string; years: number[] } {
  const joinKey = joinKeyOf(user);
  const asOfYear = Number(asOf.slice(0, 4));
  const windowStart = `${asOfYear - 2}-01-01`;
  const from = p.from && p.from > windowStart ? p.from : windowStart;
  const events = ledgerEvents(p, joinKey, quota, asOf).filter((e) => e.date >= from);
  const years: number[] = [];
  for (let year = Math.max(Number(joinKey.slice(0, 4)), asOfYear - 2); year <= asOfYear; year++) years.push(year);
  return { events, from, eligible: eligibleFrom(p.eligibility, joinKey), years };
}

/** The grant rows of the events. */
export function grantEntries(userId: string, leaveTypeId: string, events: readonly LedgerEvent[]): NewEntry[] {
  return events
    .filter((e) => e.grant > 0)
    .map((e) => ({
      userId,
      leaveTypeId,
      kind: 'grant',
      days: e.grant,
      effectiveDate: dateKeyToDate(e.date),
      period: e.period,
      idemKey: ledgerKey('grant', userId, leaveTypeId, e.period),
      note: `Hak cuti tahunan mulai ${e.date}`,
    }));
}

/**
 * Under potong_cuti each cuti bersama day off of the employee's calendar (`days`, already from the
 * eligible date on) takes one day; a day the employee worked (`worked`, by date) is given back.
 */
export function cutiBersamaEntries(
  userId: string,
  leaveTypeId: string,
  days: readonly { date: string; holidayName: string | null }[],
  worked: ReadonlySet<string>,
  asOf: string,
): NewEntry[] {
  const rows: NewEntry[] = [];
  for (const d of days) {
    const note = d.holidayName ?? 'Cuti bersama';
    const common = { userId, leaveTypeId, effectiveDate: dateKeyToDate(d.date), period: d.date };
    rows.push({ ...common, kind: 'cuti_bersama', days: -1, idemKey: ledgerKey('cuti_bersama', userId, leaveTypeId, d.date), note });
    if (worked.has(d.date) && d.date <= asOf)
      rows.push({
        ...common,
        kind: 'cuti_bersama_reversal',
        days: 1,
        idemKey: ledgerKey('cuti_bersama_reversal', userId, leaveTypeId, d.date),
        note: `Masuk kerja pada ${note}`,
      });
  }
  return rows;
}

/**
 * What deriveLedger says is due and differs from `stored` (in date order, then as written). A figure never
 * written is `fresh`; one already written with another value keeps its row and gets a `correction` row for
 * the difference (idemKey: the row's with '#1', '#2', …), and a row missing from a close written before
 * (its carry-over) is written as a correction too: those are `fixes`. No row goes into a closed month
 * (docs/periods.md): it is dated on the first day of the first open month after its date, and its note says
 * which date it belongs to.
 */
export function settleEntries(a: {
  userId: string;
  leaveTypeId: string;
  policy: LedgerPolicy;
  events: LedgerEvent[];
  from: string;
  asOf: string;
  stored: readonly LedgerRow[];
  closedMonths: ReadonlySet<string>;
}): { fresh: NewEntry[]; fixes: NewEntry[] } {
  const { userId, leaveTypeId, stored, closedMonths } = a;
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
  const derivation = deriveLedger({ policy: a.policy, events: a.events, rows, from: a.from, asOf: a.asOf });
  const want = new Map(derivation.rows.map((r) => [r.key, r]));
  const have = new Map<string, { row?: LedgerRow; total: number; fixes: number }>();
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

  const dated = (date: string, note: string) => {
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
        const { on, note } = dated(w.date, started ? `Koreksi: ${w.note}` : w.note);
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
      const { on, note } = dated(
        w?.date ?? (was ? dateToKey(was.effectiveDate) : a.asOf),
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
  return { fresh, fixes };
}

/** The audit row's list of corrected rows. */
export const correctionRows = (written: readonly NewEntry[]) =>
  written.map((f) => ({ kind: f.kind, days: f.days, date: dateToKey(f.effectiveDate as Date), note: f.note }));
export const CORRECTION_NOTE = 'Saldo cuti tahunan dihitung ulang: hangus dan sisa cuti yang dibawa dikoreksi';
