// Shift days, late and early minutes, worked out by hand (docs/calendar.md).
import { describe, expect, it } from 'vitest';
import {
  checkInDate,
  checkOutTarget,
  crossesMidnight,
  earlyMinutes,
  lateMinutes,
  shiftWindow,
  type ShiftDay,
} from '@/features/attendance/lib/shift';
import { instantInZone, zoneAbbreviation } from '@/lib/dates';
import { easterSunday, estimateHolidays } from '@/features/calendar/lib/holiday-estimate';

const night = (date: string): ShiftDay => ({ date, status: 'kerja', shiftStart: '22:00', shiftEnd: '06:00', lateToleranceMinutes: 10 });
const day = (date: string, start = '08:00', end = '17:00', tolerance = 0): ShiftDay => ({
  date,
  status: 'kerja',
  shiftStart: start,
  shiftEnd: end,
  lateToleranceMinutes: tolerance,
});
const map = (...days: ShiftDay[]) => new Map(days.map((d) => [d.date, d]));

describe('zones', () => {
  it('names Indonesia’s zones and turns wall-clock times into instants', () => {
    expect([zoneAbbreviation('Asia/Jakarta'), zoneAbbreviation('Asia/Makassar'), zoneAbbreviation('Asia/Jayapura')]).toEqual([
      'WIB',
      'WITA',
      'WIT',
    ]);
    // 22:00 WITA (UTC+8) on 20 March 2026 is 14:00 UTC; 08:00 WIT (UTC+9) is 23:00 UTC the day before.
    expect(instantInZone('2026-03-20', '22:00', 'Asia/Makassar').toISOString()).toBe('2026-03-20T14:00:00.000Z');
    expect(instantInZone('2026-03-20', '08:00', 'Asia/Jayapura').toISOString()).toBe('2026-03-19T23:00:00.000Z');
  });
});

describe('a night shift 22:00–06:00 WIB', () => {
  const tz = 'Asia/Jakarta';
  it('crosses midnight and ends the next morning', () => {
    expect(crossesMidnight('22:00', '06:00')).toBe(true);
    expect(crossesMidnight('08:00', '17:00')).toBe(false);
    const w = shiftWindow('2026-11-16', '22:00', '06:00', tz);
    expect([w.start.toISOString(), w.end.toISOString()]).toEqual(['2026-11-16T15:00:00.000Z', '2026-11-16T23:00:00.000Z']);
  });
  it('a check-in at 21:50 belongs to that evening; at 00:30 to the shift that began the evening before', () => {
    const days = map(night('2026-11-16'), night('2026-11-17'));
    expect(checkInDate(new Date('2026-11-16T14:50:00Z'), tz, days, new Set())).toBe('2026-11-16'); // Mon 21:50
    expect(checkInDate(new Date('2026-11-16T17:30:00Z'), tz, days, new Set())).toBe('2026-11-16'); // Tue 00:30
    // Once Monday's shift has a record, a punch on Tuesday evening starts Tuesday's shift.
    expect(checkInDate(new Date('2026-11-17T14:55:00Z'), tz, days, new Set(['2026-11-16']))).toBe('2026-11-17');
    // After Monday's shift ended (06:00 Tue), a punch belongs to Tuesday.
    expect(checkInDate(new Date('2026-11-17T00:30:00Z'), tz, days, new Set())).toBe('2026-11-17');
  });
  it('late after the 10-minute tolerance counts from 22:00; early to 06:00 the next day', () => {
    expect(lateMinutes(new Date('2026-11-16T15:10:00Z'), night('2026-11-16'), tz)).toBe(0); // 22:10, within tolerance
    expect(lateMinutes(new Date('2026-11-16T15:25:30Z'), night('2026-11-16'), tz)).toBe(25); // 22:25:30 → 25
    const open = { date: '2026-11-16', checkedOut: false, shiftStart: '22:00', shiftEnd: '06:00' };
    expect(earlyMinutes(new Date('2026-11-16T22:15:00Z'), open, tz)).toBe(45); // 05:15 Tue
    expect(earlyMinutes(new Date('2026-11-16T23:05:00Z'), open, tz)).toBe(0); // 06:05 Tue
  });
  it('the check-out after midnight closes the shift of the day before', () => {
    const records = [{ date: '2026-11-16', checkedOut: false, shiftStart: '22:00', shiftEnd: '06:00' }];
    expect(checkOutTarget(new Date('2026-11-16T23:05:00Z'), tz, records)).toEqual({ kind: 'open', record: records[0] });
    // A day shift left open is not closed the next day.
    expect(
      checkOutTarget(new Date('2026-11-17T10:00:00Z'), tz, [
        { date: '2026-11-16', checkedOut: false, shiftStart: '08:00', shiftEnd: '17:00' },
      ]),
    ).toEqual({ kind: 'none' });
    expect(
      checkOutTarget(new Date('2026-11-17T10:00:00Z'), tz, [
        { date: '2026-11-17', checkedOut: true, shiftStart: '08:00', shiftEnd: '17:00' },
      ]),
    ).toEqual({ kind: 'done' });
  });
});

describe('a day shift and a rest day', () => {
  it('late minutes count from the start once past the tolerance', () => {
    expect(lateMinutes(new Date('2026-11-23T01:14:00Z'), day('2026-11-23', '08:00', '17:00', 15), 'Asia/Jakarta')).toBe(0); // 08:14
    expect(lateMinutes(new Date('2026-11-23T01:16:00Z'), day('2026-11-23', '08:00', '17:00', 15), 'Asia/Jakarta')).toBe(16); // 08:16
    expect(
      lateMinutes(
        new Date('2026-11-23T05:00:00Z'),
        { date: '2026-11-23', status: 'istirahat', shiftStart: null, shiftEnd: null, lateToleranceMinutes: null },
        'Asia/Jakarta',
      ),
    ).toBe(0);
  });
});

describe('the next year’s estimate', () => {
  it('finds Easter by the computus and most of 2026’s libur nasional', () => {
    expect([easterSunday(2025), easterSunday(2026), easterSunday(2027)]).toEqual(['2025-04-20', '2026-04-05', '2027-03-28']);
    const est = new Set(estimateHolidays(2026).holidays.map((h) => h.date));
    // The SKB's 17 dates for 2026; Umm al-Qura puts Idul Fitri one day earlier (20–21 instead of 21–22 March).
    const actual = [
      '2026-01-01',
      '2026-01-16',
      '2026-02-17',
      '2026-03-19',
      '2026-03-21',
      '2026-03-22',
      '2026-04-03',
      '2026-04-05',
      '2026-05-01',
      '2026-05-14',
      '2026-05-27',
      '2026-05-31',
      '2026-06-01',
      '2026-06-16',
      '2026-08-17',
      '2026-08-25',
      '2026-12-25',
    ];
    const hits = actual.filter((d) => est.has(d));
    expect(hits.length).toBeGreaterThanOrEqual(16);
    expect(actual.filter((d) => !est.has(d))).toEqual(['2026-03-22']);
  });
});
