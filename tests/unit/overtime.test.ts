// Overtime arithmetic (features/overtime/lib/rules.ts) against the PP 35/2021 tables, every figure worked by hand.
import { describe, expect, it } from 'vitest';
import {
  capRefusal,
  dayKindOf,
  equivalentHours,
  multiplierClasses,
  overtimeFigures,
  roundDown,
  shiftEndAt,
  shiftMinutes,
  shortestWorkingDays,
  weekOf,
  windowInstants,
  type FiguresInput,
} from '@/features/overtime/lib/rules';
import { instantInZone } from '@/lib/dates';

const WIB = 'Asia/Jakarta';
const at = (date: string, hhmm: string, tz = WIB) => instantInZone(date, hhmm, tz);
const MONDAY = '2026-11-23';

function figures(over: Partial<FiguresInput> & Pick<FiguresInput, 'startAt' | 'endAt'>) {
  return overtimeFigures({
    dayKind: 'kerja',
    weekDays: 5,
    roundingMinutes: 30,
    shiftEndAt: at(MONDAY, '17:00'),
    checkInAt: at(MONDAY, '07:55'),
    checkOutAt: null,
    ...over,
  });
}

describe('multiplier classes', () => {
  it('working day: the first hour at 1.5 ×, the rest at 2 ×', () => {
    // 150 min = 60 × 1.5 + 90 × 2 → 1.5 + 3 = 4.5 equivalent hours
    expect(multiplierClasses(150, 'kerja', 5)).toEqual([
      { multiplier: 1.5, minutes: 60 },
      { multiplier: 2, minutes: 90 },
    ]);
    expect(equivalentHours(multiplierClasses(150, 'kerja', 5))).toBe(4.5);
    // 4 h: 1 × 1.5 + 3 × 2 = 7.5; 30 min: 0.5 × 1.5 = 0.75
    expect(equivalentHours(multiplierClasses(240, 'kerja', 6))).toBe(7.5);
    expect(equivalentHours(multiplierClasses(30, 'kerja', 5))).toBe(0.75);
    expect(multiplierClasses(0, 'kerja', 5)).toEqual([]);
  });

  it('rest day, 5-day week: hours 1–8 at 2 ×, hour 9 at 3 ×, hours 10–12 at 4 ×', () => {
    // 10 h = 8 × 2 + 1 × 3 + 1 × 4 = 16 + 3 + 4 = 23
    expect(multiplierClasses(600, 'istirahat', 5)).toEqual([
      { multiplier: 2, minutes: 480 },
      { multiplier: 3, minutes: 60 },
      { multiplier: 4, minutes: 60 },
    ]);
    expect(equivalentHours(multiplierClasses(600, 'istirahat', 5))).toBe(23);
    // 12 h = 16 + 3 + 3 × 4 = 31; 8 h = 16
    expect(equivalentHours(multiplierClasses(720, 'istirahat', 5))).toBe(31);
    expect(equivalentHours(multiplierClasses(480, 'istirahat', 5))).toBe(16);
  });

  it('rest day, 6-day week: hours 1–7 at 2 ×, hour 8 at 3 ×, hours 9–11 at 4 ×', () => {
    // 10 h = 7 × 2 + 1 × 3 + 2 × 4 = 14 + 3 + 8 = 25; 11 h = 14 + 3 + 12 = 29; 7.5 h = 14 + 0.5 × 3 = 15.5
    expect(multiplierClasses(600, 'istirahat', 6)).toEqual([
      { multiplier: 2, minutes: 420 },
      { multiplier: 3, minutes: 60 },
      { multiplier: 4, minutes: 120 },
    ]);
    expect(equivalentHours(multiplierClasses(600, 'istirahat', 6))).toBe(25);
    expect(equivalentHours(multiplierClasses(660, 'istirahat', 6))).toBe(29);
    expect(equivalentHours(multiplierClasses(450, 'istirahat', 6))).toBe(15.5);
  });

  it('a holiday uses the rest-day table', () => {
    // 3 h on a holiday, 5-day week: 3 × 2 = 6; 9 h, 6-day week: 7 × 2 + 1 × 3 + 1 × 4 = 21
    expect(equivalentHours(multiplierClasses(180, 'libur', 5))).toBe(6);
    expect(equivalentHours(multiplierClasses(540, 'libur', 6))).toBe(21);
  });
});

describe('rounding', () => {
  it('rounds down to the step; 0 or 1 leaves minutes as they are', () => {
    expect([
      roundDown(167, 30),
      roundDown(29, 30),
      roundDown(59, 30),
      roundDown(60, 30),
      roundDown(167, 15),
      roundDown(167, 0),
      roundDown(167, 1),
    ]).toEqual([150, 0, 30, 60, 165, 167, 167]);
  });
});

describe('payable time = approved window ∩ time worked beyond the shift', () => {
  it('the worked example: 167 minutes after a 17:00 shift end, down to 30 → 150 → 4.5 equivalent hours', () => {
    // Window 17:00–20:00, out at 19:47: worked after 17:00 = 2 h 47 min = 167 min → 150 payable.
    const f = figures({ startAt: at(MONDAY, '17:00'), endAt: at(MONDAY, '20:00'), checkOutAt: at(MONDAY, '19:47') });
    expect(f).toEqual({
      state: 'dihitung',
      workedMinutes: 167,
      payableMinutes: 150,
      classes: [
        { multiplier: 1.5, minutes: 60 },
        { multiplier: 2, minutes: 90 },
      ],
      equivalentHours: 4.5,
    });
  });

  it('stops at the window: out at 20:30 with a window to 19:00 pays 2 h (1.5 + 2 = 3.5)', () => {
    const f = figures({ startAt: at(MONDAY, '17:00'), endAt: at(MONDAY, '19:00'), checkOutAt: at(MONDAY, '20:30') });
    expect([f.workedMinutes, f.payableMinutes, f.equivalentHours]).toEqual([120, 120, 3.5]);
  });

  it('stops at the check-out: out at 18:10 with a window to 20:00 pays 60 of 70 minutes (1.5)', () => {
    const f = figures({ startAt: at(MONDAY, '17:00'), endAt: at(MONDAY, '20:00'), checkOutAt: at(MONDAY, '18:10') });
    expect([f.workedMinutes, f.payableMinutes, f.equivalentHours]).toEqual([70, 60, 1.5]);
  });

  it('on a working day only time after the shift end counts, whatever the window', () => {
    // A window from 16:00 (not allowed by the service, but the arithmetic must not pay it): 17:00–18:00 = 60.
    const f = figures({ startAt: at(MONDAY, '16:00'), endAt: at(MONDAY, '18:00'), checkOutAt: at(MONDAY, '18:00') });
    expect(f.payableMinutes).toBe(60);
  });

  it('a rest day pays the whole worked time inside the window', () => {
    // Saturday, window 08:00–17:00, worked 09:00–13:20 = 260 min → 240 → 4 h × 2 = 8 (5-day week)
    const sat = '2026-11-28';
    const f = overtimeFigures({
      startAt: at(sat, '08:00'),
      endAt: at(sat, '17:00'),
      dayKind: 'istirahat',
      weekDays: 5,
      roundingMinutes: 30,
      shiftEndAt: null,
      checkInAt: at(sat, '09:00'),
      checkOutAt: at(sat, '13:20'),
    });
    expect([f.workedMinutes, f.payableMinutes, f.equivalentHours]).toEqual([260, 240, 8]);
  });

  it('10 hours on a holiday, 5-day week = 23 equivalent hours', () => {
    const day = '2026-12-25';
    const f = overtimeFigures({
      startAt: at(day, '07:00'),
      endAt: at(day, '17:00'),
      dayKind: 'libur',
      weekDays: 5,
      roundingMinutes: 30,
      shiftEndAt: null,
      checkInAt: at(day, '06:50'),
      checkOutAt: at(day, '17:05'),
    });
    expect([f.payableMinutes, f.equivalentHours]).toEqual([600, 23]);
  });

  it('no check-out: nothing payable until corrected; no attendance: absent', () => {
    expect(figures({ startAt: at(MONDAY, '17:00'), endAt: at(MONDAY, '19:00') })).toMatchObject({
      state: 'belum_checkout',
      payableMinutes: 0,
      equivalentHours: 0,
    });
    expect(figures({ startAt: at(MONDAY, '17:00'), endAt: at(MONDAY, '19:00'), checkInAt: null })).toMatchObject({
      state: 'tidak_hadir',
      payableMinutes: 0,
    });
  });

  it('a night shift 22:00–06:00 ends the next day: overtime 06:00–08:00 is read on that day', () => {
    // Shift day Monday 23 Nov: 22:00 WIB Monday → 06:00 WIB Tuesday. Window 06:00–08:00 Tuesday
    // (23:00–01:00 UTC). Out at 07:40 Tuesday: 100 min → 90 → 60 × 1.5 + 30 × 2 = 2.5.
    const w = windowInstants(MONDAY, '06:00', '08:00', WIB, { start: '22:00', end: '06:00' });
    expect([w.startAt.toISOString(), w.endAt.toISOString()]).toEqual(['2026-11-23T23:00:00.000Z', '2026-11-24T01:00:00.000Z']);
    const end = shiftEndAt(MONDAY, '22:00', '06:00', WIB)!;
    expect(end.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    const f = overtimeFigures({
      ...w,
      dayKind: 'kerja',
      weekDays: 5,
      roundingMinutes: 30,
      shiftEndAt: end,
      checkInAt: at(MONDAY, '21:55'),
      checkOutAt: at('2026-11-24', '07:40'),
    });
    expect([f.workedMinutes, f.payableMinutes, f.equivalentHours]).toEqual([100, 90, 2.5]);
  });

  it('a window across midnight after a day shift, in WITA', () => {
    // 22:00–01:00 WITA (UTC+8) on Monday: 14:00Z–17:00Z; out at 00:40 WITA → 160 min → 150 → 4.5
    const w = windowInstants(MONDAY, '22:00', '01:00', 'Asia/Makassar', { start: '08:00', end: '17:00' });
    expect([w.startAt.toISOString(), w.endAt.toISOString()]).toEqual(['2026-11-23T14:00:00.000Z', '2026-11-23T17:00:00.000Z']);
    const f = overtimeFigures({
      ...w,
      dayKind: 'kerja',
      weekDays: 5,
      roundingMinutes: 30,
      shiftEndAt: at(MONDAY, '17:00', 'Asia/Makassar'),
      checkInAt: at(MONDAY, '08:00', 'Asia/Makassar'),
      checkOutAt: at('2026-11-24', '00:40', 'Asia/Makassar'),
    });
    expect([f.workedMinutes, f.payableMinutes, f.equivalentHours]).toEqual([160, 150, 4.5]);
  });
});

describe('caps: 4 hours a day and 18 a week on working days', () => {
  const base = { date: MONDAY, dayKind: 'kerja' as const, weekDays: 5 as const };
  it('exactly 4 hours a day passes; one minute more is refused with the hours left', () => {
    expect(capRefusal({ ...base, minutes: 240, dayUsed: 0, weekUsed: 0 })).toBeNull();
    expect(capRefusal({ ...base, minutes: 90, dayUsed: 180, weekUsed: 180 })).toEqual({
      code: 'OVERTIME_DAILY_CAP',
      message: 'Lembur pada hari kerja paling lama 4 jam sehari (PP 35/2021). Pada tanggal 2026-11-23 sudah tercatat 3 jam, sisa 1 jam.',
    });
  });

  it('18 hours a week (Monday–Sunday) passes; more is refused naming the week', () => {
    expect(weekOf('2026-11-26')).toEqual({ start: MONDAY, end: '2026-11-29' });
    expect(capRefusal({ ...base, date: '2026-11-27', minutes: 60, dayUsed: 0, weekUsed: 1020 })).toBeNull();
    expect(capRefusal({ ...base, date: '2026-11-27', minutes: 120, dayUsed: 0, weekUsed: 1020 })).toEqual({
      code: 'OVERTIME_WEEKLY_CAP',
      message:
        'Lembur pada hari kerja paling lama 18 jam seminggu (Senin–Minggu, PP 35/2021). Minggu 2026-11-23 s.d. 2026-11-29 sudah tercatat 17 jam, sisa 1 jam.',
    });
  });

  it("rest-day and holiday overtime is outside the weekly cap, up to the length of the law's table for the whole day", () => {
    // The 18 h week is spent and 12 h fit a 5-day week's rest day; with 4 h already booked that Saturday, 12 more do not (16 > 12).
    expect(capRefusal({ date: '2026-11-28', dayKind: 'istirahat', weekDays: 5, minutes: 720, dayUsed: 0, weekUsed: 1080 })).toBeNull();
    expect(capRefusal({ date: '2026-11-28', dayKind: 'istirahat', weekDays: 5, minutes: 480, dayUsed: 240, weekUsed: 1080 })).toBeNull();
    expect(capRefusal({ date: '2026-11-28', dayKind: 'istirahat', weekDays: 5, minutes: 720, dayUsed: 240, weekUsed: 1080 })?.code).toBe(
      'OVERTIME_REST_DAY_MAX',
    );
    expect(capRefusal({ date: '2026-12-25', dayKind: 'libur', weekDays: 6, minutes: 660, dayUsed: 0, weekUsed: 1080 })).toBeNull();
    expect(capRefusal({ date: '2026-12-25', dayKind: 'libur', weekDays: 6, minutes: 690, dayUsed: 0, weekUsed: 0 })).toEqual({
      code: 'OVERTIME_REST_DAY_MAX',
      message: 'Lembur pada hari istirahat atau hari libur paling lama 11 jam (pola 6 hari kerja seminggu, PP 35/2021)',
    });
  });
});

describe('a public holiday on the shortest working day of a 6-day week (PP 35/2021 art. 31(3))', () => {
  // Monday–Friday 08:00–15:00 (7 h) and Saturday 08:00–13:00 (5 h): 5 × 7 + 5 = 40 hours, Saturday is the shortest day.
  const week = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: weekday <= 5 ? '08:00' : weekday === 6 ? '08:00' : null,
    end: weekday <= 5 ? '15:00' : weekday === 6 ? '13:00' : null,
  }));

  it('its own table: hours 1–5 at 2 ×, hour 6 at 3 ×, hours 7–9 at 4 ×', () => {
    // 9 h = 5 × 2 + 1 × 3 + 3 × 4 = 10 + 3 + 12 = 25 (the rest-day table gives 7 × 2 + 3 + 4 = 21: 4 hours short)
    expect(multiplierClasses(540, 'libur_hari_pendek', 6)).toEqual([
      { multiplier: 2, minutes: 300 },
      { multiplier: 3, minutes: 60 },
      { multiplier: 4, minutes: 180 },
    ]);
    expect(equivalentHours(multiplierClasses(540, 'libur_hari_pendek', 6))).toBe(25);
    expect(equivalentHours(multiplierClasses(540, 'libur', 6))).toBe(21);
    // 7 h = 5 × 2 + 1 × 3 + 1 × 4 = 17 (rest-day table: 7 × 2 = 14); 5 h 30 = 10 + 0.5 × 3 = 11.5; 4 h = 8
    expect(equivalentHours(multiplierClasses(420, 'libur_hari_pendek', 6))).toBe(17);
    expect(equivalentHours(multiplierClasses(330, 'libur_hari_pendek', 6))).toBe(11.5);
    expect(equivalentHours(multiplierClasses(240, 'libur_hari_pendek', 6))).toBe(8);
  });

  it('the shortest working day is the shortest shift of the week when it is shorter than the longest', () => {
    expect(shortestWorkingDays(week)).toEqual([6]);
    // Six equal days of 6 h 40 min: no day is the shortest.
    const even = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: weekday <= 6 ? '08:00' : null,
      end: weekday <= 6 ? '14:40' : null,
    }));
    expect(shortestWorkingDays(even)).toEqual([]);
    // A night shift's length crosses midnight: 22:00–05:00 = 7 h beside a 5 h Saturday.
    const night = week.map((d) => (d.weekday === 1 ? { ...d, start: '22:00', end: '05:00' } : d));
    expect(shortestWorkingDays(night)).toEqual([6]);
    expect(shiftMinutes('22:00', '05:00')).toBe(420);
  });

  it('the day kind: libur nasional on that day of a 6-day week; not on a 5-day week, another day, or a company holiday', () => {
    const six = { weekDays: 6 as const, shortestWorkingDay: true, cutiBersamaHolidayRate: false };
    expect(dayKindOf('libur_nasional', six)).toBe('libur_hari_pendek');
    expect(dayKindOf('libur_nasional', { ...six, shortestWorkingDay: false })).toBe('libur');
    expect(dayKindOf('libur_nasional', { ...six, weekDays: 5 })).toBe('libur');
    expect(dayKindOf('libur_perusahaan', six)).toBe('libur');
    expect(dayKindOf('istirahat', six)).toBe('istirahat');
    expect(dayKindOf('belum_bergabung', six)).toBeNull();
  });

  it('the table covers 9 hours: 9 pass, 9 h 30 min are refused', () => {
    const base = { date: '2027-05-01', dayKind: 'libur_hari_pendek' as const, weekDays: 6 as const, dayUsed: 0, weekUsed: 1080 };
    expect(capRefusal({ ...base, minutes: 540 })).toBeNull();
    expect(capRefusal({ ...base, minutes: 570 })).toEqual({
      code: 'OVERTIME_REST_DAY_MAX',
      message:
        'Lembur pada hari libur yang jatuh pada hari kerja terpendek paling lama 9 jam (pola 6 hari kerja seminggu, PP 35/2021 pasal 31 ayat 3)',
    });
  });
});

describe('cuti bersama is an ordinary working day for overtime unless the company opts in', () => {
  it('kerja by default (the law), libur with the opt-in', () => {
    expect(dayKindOf('cuti_bersama', { weekDays: 5, shortestWorkingDay: false, cutiBersamaHolidayRate: false })).toBe('kerja');
    expect(dayKindOf('cuti_bersama', { weekDays: 5, shortestWorkingDay: false, cutiBersamaHolidayRate: true })).toBe('libur');
  });

  it('worked 08:00–19:00 on a cuti bersama day with an 08:00–17:00 shift and a window 17:00–19:00: 2 h = 1 × 1.5 + 1 × 2 = 3.5, not 2 × 2 = 4', () => {
    const day = '2026-12-24';
    const input = {
      startAt: at(day, '17:00'),
      endAt: at(day, '19:00'),
      weekDays: 5 as const,
      roundingMinutes: 30,
      checkInAt: at(day, '07:58'),
      checkOutAt: at(day, '19:05'),
    };
    const asWorkday = overtimeFigures({ ...input, dayKind: 'kerja', shiftEndAt: at(day, '17:00') });
    expect([asWorkday.payableMinutes, asWorkday.equivalentHours]).toEqual([120, 3.5]);
    // With the opt-in the same window is holiday overtime: 2 × 2 = 4.
    const asHoliday = overtimeFigures({ ...input, dayKind: 'libur', shiftEndAt: null });
    expect([asHoliday.payableMinutes, asHoliday.equivalentHours]).toEqual([120, 4]);
  });
});
