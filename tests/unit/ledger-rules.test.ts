// The leave ledger's pure rules (features/leave/lib/ledger-rules.ts, docs/leave.md): the months arithmetic,
// the order of a close (the year's cuti bersama and leave first), the six-month floor of a grant and the
// expiry of carried days. Every figure is worked out by hand in the comments. Cuti bersama dates are the
// SKB calendar the migrations install (2025 after 1 March: 28 Mar, 2, 3, 4, 7 Apr, 13, 30 May, 9 Jun,
// 18 Aug, 26 Dec = 10 days; 2026: 16 Feb, 18, 20, 23, 24 Mar, 15, 28 May, 24 Dec = 8 days).
import { describe, expect, it } from 'vitest';
import { ledgerEvents, monthsLater, type LedgerPolicy } from '@/features/leave/lib/ledger-rules';
import { deriveLedger, type StoredRow } from '@/features/leave/lib/ledger-derive';

const CB_2025 = [
  '2025-03-28',
  '2025-04-02',
  '2025-04-03',
  '2025-04-04',
  '2025-04-07',
  '2025-05-13',
  '2025-05-30',
  '2025-06-09',
  '2025-08-18',
  '2025-12-26',
];
const CB_2026 = ['2026-02-16', '2026-03-18', '2026-03-20', '2026-03-23', '2026-03-24', '2026-05-15', '2026-05-28', '2026-12-24'];
const LAW: Pick<LedgerPolicy, 'basis' | 'eligibility' | 'perMonth'> = {
  basis: 'awal_tahun',
  eligibility: 'setelah_12_bulan',
  perMonth: null,
};
const policy = (over: Partial<LedgerPolicy> = {}) => ({ carryMax: 0, expiryMonth: 6, expiryDay: 30, ...over });
const fact = (kind: StoredRow['kind'], days: number, date: string): StoredRow => ({ kind, days, date, expiresAt: null, key: null });
const cutiBersama = (dates: string[], from = '0000') => dates.filter((d) => d >= from).map((d) => fact('cuti_bersama', -1, d));
const sum = (rows: { days: number }[]) => Math.round(rows.reduce((s, r) => s + r.days, 0) * 10000) / 10000;
const view = (rows: { kind: string; days: number; date: string; expiresAt: string | null }[]) =>
  rows.map((r) => [r.kind, r.days, r.date, r.expiresAt]);

describe('monthsLater', () => {
  it('the same day n months on; a day the month lacks is its last', () => {
    expect(monthsLater('2026-11-15', 6)).toBe('2027-05-15');
    expect(monthsLater('2025-08-31', 6)).toBe('2026-02-28');
    expect(monthsLater('2023-08-31', 6)).toBe('2024-02-29');
    expect(monthsLater('2024-02-29', 12)).toBe('2025-02-28');
    expect(monthsLater('2026-12-01', 1)).toBe('2027-01-01');
  });
});

describe('a close counts the rows dated before it, whenever they were written', () => {
  it('joined 1 March 2024, potong_cuti: 12 on 1 March 2025 − 10 cuti bersama = 2 close on 31 December 2025 (not 12); 2026: 12 − 8 = 4', () => {
    const asOf = '2026-11-23';
    const events = ledgerEvents(LAW, '2024-03-01', 12, asOf);
    // In date order: 1 January 2025 (nothing yet), 1 March 2025 (the anniversary: 12), 1 January 2026 (close, 12).
    expect(events.map((e) => [e.date, e.close, e.grant])).toEqual([
      ['2025-01-01', true, 0],
      ['2025-03-01', false, 12],
      ['2026-01-01', true, 12],
    ]);
    const facts = [fact('grant', 12, '2025-03-01'), ...cutiBersama(CB_2025), fact('grant', 12, '2026-01-01'), ...cutiBersama(CB_2026)];
    const d = deriveLedger({ policy: policy(), events, rows: facts, from: '2024-01-01', asOf });
    // 1 March 2025 + 6 months = 1 September 2025, before the close: no six-month carry; the cap is 0.
    expect(view(d.rows)).toEqual([['expiry', -2, '2025-12-31', null]]);
    expect(d.groups).toEqual([
      ['close:2024', 'carry:2025', 'carry_expiry:2025'],
      ['close:2025', 'carry:2026', 'carry_expiry:2026'],
    ]);
    // 12 − 10 − 2 + 12 − 8 = 4.
    expect(sum([...facts, ...d.rows])).toBe(4);
  });

  it('a stored close that took 12 is replaced by the figure (2); a leave of 3 days in December approved after the close makes it 0 (left −1)', () => {
    const asOf = '2026-11-23';
    const events = ledgerEvents(LAW, '2024-03-01', 12, asOf);
    const stale: StoredRow = { kind: 'expiry', days: -12, date: '2025-12-31', expiresAt: null, key: 'close:2025' };
    const facts = [fact('grant', 12, '2025-03-01'), ...cutiBersama(CB_2025), fact('grant', 12, '2026-01-01')];
    expect(view(deriveLedger({ policy: policy(), events, rows: [...facts, stale], from: '2024-01-01', asOf }).rows)).toEqual([
      ['expiry', -2, '2025-12-31', null],
    ]);
    // 12 − 10 − 3 = −1 left: nothing closes, the 2026 balance is 12 − 1 = 11.
    const late = [...facts, stale, fact('deduction', -3, '2025-12-22')];
    const d = deriveLedger({ policy: policy(), events, rows: late, from: '2024-01-01', asOf });
    expect(d.rows).toEqual([]);
    expect(sum(late.filter((r) => r.key === null))).toBe(11);
  });

  it('rows before the range (an earlier policy) count as stored and are not replaced', () => {
    const events = ledgerEvents(LAW, '2024-03-01', 12, '2026-11-23');
    const stale: StoredRow = { kind: 'expiry', days: -12, date: '2025-12-31', expiresAt: null, key: 'close:2025' };
    const d = deriveLedger({
      policy: policy(),
      events,
      rows: [fact('grant', 12, '2025-03-01'), stale],
      from: '2026-02-01',
      asOf: '2026-11-23',
    });
    expect(d).toEqual({ rows: [], groups: [] });
  });
});

describe('a grant lasts at least six months', () => {
  // Joined 15 November 2025: eligible on 15 November 2026 (12 months), 12 days then; cuti bersama
  // 24 December 2026 takes 1 = 11 left at the close of 31 December 2026, 6½ weeks after the grant.
  const events = ledgerEvents(LAW, '2025-11-15', 12, '2027-12-31');
  const facts = [fact('grant', 12, '2026-11-15'), ...cutiBersama(CB_2026, '2026-11-15'), fact('grant', 12, '2027-01-01')];

  it('policy carry-over 0 until 31 March: the 11 come back whole until 14 May 2027 (15 November + 6 months − 1 day) = 23; 3 used in February; 8 expire on 14 May = 12', () => {
    const used = [...facts, fact('deduction', -3, '2027-02-08')];
    const until = (asOf: string) =>
      deriveLedger({ policy: policy({ expiryMonth: 3, expiryDay: 31 }), events, rows: used, from: '2025-01-01', asOf });
    const jan = until('2027-01-01');
    expect(view(jan.rows)).toEqual([
      ['expiry', -11, '2026-12-31', null],
      ['carry_over', 11, '2027-01-01', '2027-05-14'],
    ]);
    expect(jan.rows[1]!.note).toBe('Sisa cuti s.d. 2026-12-31; hak cuti 2026-11-15 belum 6 bulan, dibawa utuh, berlaku s.d. 2027-05-14');
    // 12 − 1 − 11 + 11 + 12 = 23 (before the 3 used in February).
    expect(sum([...facts, ...jan.rows])).toBe(23);
    // 14 May is the last day: nothing expires on it yet; on 15 May the 11 − 3 = 8 unused go.
    expect(until('2027-05-14').rows).toHaveLength(2);
    const may = until('2027-05-15');
    expect(view(may.rows.slice(2))).toEqual([['expiry', -8, '2027-05-14', null]]);
    expect(may.groups.at(-1)).toEqual(['carry_expiry:2027']);
    // 23 − 3 − 8 = 12: the 2027 grant is whole.
    expect(sum([...used, ...may.rows])).toBe(12);
  });

  it("with the policy's 30 June (later than 14 May) the 11 stay until 30 June; a cap of 6 does not cut them", () => {
    const d = deriveLedger({ policy: policy({ carryMax: 6 }), events, rows: facts, from: '2025-01-01', asOf: '2027-01-01' });
    expect(view(d.rows)).toEqual([
      ['expiry', -11, '2026-12-31', null],
      ['carry_over', 11, '2027-01-01', '2027-06-30'],
    ]);
  });

  it('a grant 10 months old at the close follows the cap: joined 1 March 2024, 2 left on 31 December 2025, cap 0 → nothing carried', () => {
    const ev = ledgerEvents(LAW, '2024-03-01', 12, '2026-01-01');
    const rows = [fact('grant', 12, '2025-03-01'), ...cutiBersama(CB_2025)];
    expect(view(deriveLedger({ policy: policy(), events: ev, rows, from: '2024-01-01', asOf: '2026-01-01' }).rows)).toEqual([
      ['expiry', -2, '2025-12-31', null],
    ]);
  });

  it('the anniversary basis never needs it: a grant closes a year after it is given', () => {
    const ev = ledgerEvents({ ...LAW, basis: 'ulang_tahun_kerja' }, '2025-11-15', 12, '2027-11-15');
    const rows = [fact('grant', 12, '2026-11-15'), fact('grant', 12, '2027-11-15')];
    expect(view(deriveLedger({ policy: policy(), events: ev, rows, from: '2025-01-01', asOf: '2027-11-15' }).rows)).toEqual([
      ['expiry', -12, '2027-11-14', null],
    ]);
  });
});
