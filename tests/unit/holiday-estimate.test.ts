// "Tambah tahun berikutnya" (features/calendar/lib/holiday-estimate.ts): the estimated dates against the
// published calendars, and the holidays it cannot date listed as missing instead of left out.
import { describe, expect, it } from 'vitest';
import { estimateHolidays } from '@/features/calendar/lib/holiday-estimate';

const dateOf = (year: number, name: string) =>
  estimateHolidays(year)
    .holidays.filter((h) => h.name === name)
    .map((h) => h.date);

describe('the next year’s estimate', () => {
  it('Tahun Baru Imlek on the first day of the Chinese year: 29 Jan 2025, 17 Feb 2026, 6 Feb 2027 (not the 7th), 26 Jan 2028', () => {
    expect([2025, 2026, 2027, 2028].map((y) => dateOf(y, 'Tahun Baru Imlek'))).toEqual([
      ['2025-01-29'],
      ['2026-02-17'],
      ['2027-02-06'],
      ['2028-01-26'],
    ]);
  });

  it('2025: the decree’s Nyepi (29 March) and Waisak (12 May) are found', () => {
    expect(dateOf(2025, 'Hari Suci Nyepi')).toEqual(['2025-03-29']);
    expect(dateOf(2025, 'Hari Raya Waisak')).toEqual(['2025-05-12']);
    expect(estimateHolidays(2025).missing).toEqual([]);
  });

  it('2027: every libur nasional has a date, nothing missing', () => {
    const { holidays, missing } = estimateHolidays(2027);
    expect(missing).toEqual([]);
    expect(new Set(holidays.map((h) => h.name)).size).toBe(16);
    expect(dateOf(2027, 'Hari Suci Nyepi')).toEqual(['2027-03-08']);
    expect(dateOf(2027, 'Hari Raya Waisak')).toEqual(['2027-05-20']);
    // 27 Rajab falls twice in 2027 (1448 and 1449 H): both dates are kept.
    expect(dateOf(2027, 'Isra Mikraj Nabi Muhammad SAW')).toEqual(['2027-01-05', '2027-12-25']);
  });

  it('2028: Nyepi and Waisak cannot be estimated (the package’s dates end with 2027) and are named as missing, not dropped', () => {
    const { holidays, missing } = estimateHolidays(2028);
    expect(missing).toEqual(['Hari Suci Nyepi', 'Hari Raya Waisak']);
    expect(holidays.some((h) => /nyepi|waisak/i.test(h.name))).toBe(false);
    // The other fourteen are there, e.g. Tahun Baru, Idul Fitri (two days), Easter's three and Natal.
    expect(new Set(holidays.map((h) => h.name)).size).toBe(14);
    expect(dateOf(2028, 'Tahun Baru 2028 Masehi')).toEqual(['2028-01-01']);
    expect(dateOf(2028, 'Kebangkitan Yesus Kristus (Paskah)')).toEqual(['2028-04-16']);
    expect(dateOf(2028, 'Idul Fitri')).toHaveLength(2);
  });
});
