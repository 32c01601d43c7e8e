// Calendar months of leave (features/leave/lib/duration.ts): Cuti Melahirkan 3 months, Keguguran 1.5,
// every end date worked out by hand on a calendar.
import { describe, expect, it } from 'vitest';
import { durationText, lengthInMonths, monthsEnd } from '@/features/leave/lib/duration';

describe('the end of N calendar months', () => {
  it('runs to the day before the same date N months later', () => {
    // 1 July + 3 months: 1 October - 1 day = 30 September (31 + 31 + 30 = 92 days, not 90).
    expect(monthsEnd('2027-07-01', 3)).toBe('2027-09-30');
    // 15 May + 3: 14 August; 1 December 2026 + 3: 28 February 2027 (31 + 31 + 28 = 90 days).
    expect(monthsEnd('2027-05-15', 3)).toBe('2027-08-14');
    expect(monthsEnd('2026-12-01', 3)).toBe('2027-02-28');
    // 1 July + 6 (with a doctor's letter): 31 December.
    expect(monthsEnd('2027-07-01', 6)).toBe('2027-12-31');
  });

  it('a date missing in the last month: the months end with that month', () => {
    // 31 January + 1: there is no 31 February, so the month ends on 28 February (29 in 2028).
    expect(monthsEnd('2027-01-31', 1)).toBe('2027-02-28');
    expect(monthsEnd('2028-01-31', 1)).toBe('2028-02-29');
    // 30 November 2026 + 3: no 30 February 2027 → 28 February.
    expect(monthsEnd('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('half a month is 15 days', () => {
    // Keguguran 1.5 months from 10 March: 10 March - 9 April (1 month), then 10 - 24 April (15 days).
    expect(monthsEnd('2027-03-10', 1.5)).toBe('2027-04-24');
    // 0.5 from 1 July: 1 - 15 July.
    expect(monthsEnd('2027-07-01', 0.5)).toBe('2027-07-15');
  });
});

describe('a range in months, rounded up to half a month', () => {
  it('3 months exactly, one day more is 3.5', () => {
    expect(lengthInMonths('2027-07-01', '2027-09-30')).toBe(3);
    expect(lengthInMonths('2027-07-01', '2027-10-01')).toBe(3.5);
    expect(lengthInMonths('2027-07-01', '2027-10-15')).toBe(3.5);
    expect(lengthInMonths('2027-07-01', '2027-10-16')).toBe(4);
    expect(lengthInMonths('2027-07-01', '2027-07-01')).toBe(0.5);
    expect(lengthInMonths('2027-07-01', '2027-06-30')).toBe(0);
  });

  it('Keguguran: 10 March - 24 April is 1.5 months, to 25 April 2', () => {
    expect(lengthInMonths('2027-03-10', '2027-04-24')).toBe(1.5);
    expect(lengthInMonths('2027-03-10', '2027-04-25')).toBe(2);
  });

  it('written as Indonesians read it', () => {
    expect([durationText(1.5, 'bulan'), durationText(3, 'bulan'), durationText(2, 'hari')]).toEqual(['1,5 bulan', '3 bulan', '2 hari']);
  });
});
