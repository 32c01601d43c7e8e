// Jadwal Kerja's pure parts, worked out by hand: the week and month a roster shows, stepping through
// them, the cells "Salin ke minggu berikutnya" writes, and Kalender Libur's month layout.
import { describe, expect, it } from 'vitest';
import { cellText, copyWeekCells, rosterRange, shiftAnchor } from '@/features/calendar/components/schedules/format';
import { dayKind, monthWeeks, officeNames } from '@/features/calendar/components/holidays/format';
import type { RosterCell, RosterRow } from '@/features/calendar/server/roster';
import type { ScheduleDto } from '@/features/calendar/server/schedules';
import type { HolidayDto } from '@/features/calendar/server/holidays';

const cell = (date: string, over: Partial<RosterCell> = {}): RosterCell => ({
  date,
  status: 'kerja',
  shiftStart: '08:00',
  shiftEnd: '17:00',
  breakMinutes: 60,
  lateToleranceMinutes: 15,
  holidayKind: null,
  holidayName: null,
  override: false,
  label: null,
  ...over,
});

describe('roster range', () => {
  it('shows Monday to Sunday of the anchor’s week', () => {
    // 23 November 2026 is a Monday, 29 November a Sunday; 1 January 2026 a Thursday.
    expect(rosterRange('week', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(rosterRange('week', '2026-11-29')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(rosterRange('week', '2026-01-01')).toEqual({ start: '2025-12-29', end: '2026-01-04' });
  });
  it('shows a whole month, February of a leap year included', () => {
    expect(rosterRange('month', '2026-11-23')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(rosterRange('month', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(rosterRange('month', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
  it('steps a week or a month, across the year', () => {
    expect(shiftAnchor('week', '2026-12-28', 1)).toBe('2027-01-04');
    expect(shiftAnchor('week', '2026-01-01', -1)).toBe('2025-12-25');
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-03-31', -1)).toBe('2026-02-01');
    expect(shiftAnchor('month', '2026-12-15', 1)).toBe('2027-01-01');
  });
});

describe('cell text', () => {
  it('is the shift, Libur, or the holiday', () => {
    expect(cellText(cell('2026-11-23', { shiftStart: '22:00', shiftEnd: '06:00' }))).toBe('22:00–06:00');
    expect(cellText(cell('2026-11-28', { status: 'istirahat', shiftStart: null, shiftEnd: null }))).toBe('Libur');
    expect(
      cellText(cell('2026-03-21', { status: 'libur_nasional', shiftStart: null, shiftEnd: null, holidayName: 'Idul Fitri 1447 H' })),
    ).toBe('Idul Fitri 1447 H');
    expect(cellText(cell('2026-11-01', { status: 'belum_bergabung', shiftStart: null, shiftEnd: null }))).toBe('Belum bergabung');
  });
});

describe('copy a week forward', () => {
  const night: ScheduleDto = {
    id: 'sched-night',
    name: 'Shift Malam',
    breakMinutes: 30,
    breakPunch: false,
    lateToleranceMinutes: 10,
    isDefault: false,
    active: true,
    employeeCount: 0,
    days: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: '22:00', end: '06:00', crossesMidnight: true })),
  };
  const row: RosterRow = {
    userId: 'u1',
    name: 'Budi',
    position: 'Staf',
    officeId: null,
    scheduleName: null,
    days: [
      cell('2026-11-23', {
        override: true,
        label: 'Shift Malam',
        shiftStart: '22:00',
        shiftEnd: '06:00',
        breakMinutes: 30,
        lateToleranceMinutes: 10,
      }),
      cell('2026-11-24', {
        override: true,
        label: '07:00–15:00',
        shiftStart: '07:00',
        shiftEnd: '15:00',
        breakMinutes: 0,
        lateToleranceMinutes: 5,
      }),
      cell('2026-11-25', { override: true, label: 'Libur', status: 'istirahat', shiftStart: null, shiftEnd: null }),
      cell('2026-11-26'),
      // A rest day set on a holiday reads as the holiday: still copied as a rest day.
      cell('2026-11-27', {
        override: true,
        label: 'Libur',
        status: 'libur_perusahaan',
        shiftStart: null,
        shiftEnd: null,
        holidayName: 'HUT',
      }),
      // Outside the shown week: not copied.
      cell('2026-11-30', { override: true, label: 'Libur', status: 'istirahat', shiftStart: null, shiftEnd: null }),
    ],
  };
  it('writes each hand-set cell on the same weekday a week later, and nothing else', () => {
    expect(copyWeekCells([row], '2026-11-23', [night])).toEqual([
      { userId: 'u1', date: '2026-11-30', scheduleId: 'sched-night' },
      { userId: 'u1', date: '2026-12-01', start: '07:00', end: '15:00', breakMinutes: 0, lateToleranceMinutes: 5 },
      { userId: 'u1', date: '2026-12-02', rest: true },
      { userId: 'u1', date: '2026-12-04', rest: true },
    ]);
  });
  it('writes explicit hours when the named schedule no longer has those hours', () => {
    const changed = { ...night, days: night.days.map((d) => ({ ...d, start: '21:00' })) };
    expect(copyWeekCells([row], '2026-11-23', [changed])[0]).toEqual({
      userId: 'u1',
      date: '2026-11-30',
      start: '22:00',
      end: '06:00',
      breakMinutes: 30,
      lateToleranceMinutes: 10,
    });
  });
});

describe('Kalender Libur', () => {
  it('lays out a month Monday first', () => {
    // March 2026 starts on a Sunday: six rows, the first with six blanks; 31 March is a Tuesday.
    const weeks = monthWeeks(2026, 3);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(weeks[5]).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    // February 2027 starts on a Monday and has exactly four weeks.
    expect(monthWeeks(2027, 2)).toHaveLength(4);
  });
  it('colours a shared day by the day off for everyone, names the offices', () => {
    const h = (kind: HolidayDto['kind'], officeIds: string[] = []): HolidayDto => ({
      id: kind,
      date: '2026-03-20',
      name: kind,
      kind,
      officeIds,
      decree: null,
      confirmed: true,
    });
    expect(dayKind([h('cuti_bersama'), h('libur_nasional')])).toBe('libur_nasional');
    expect(dayKind([h('cuti_bersama'), h('libur_perusahaan')])).toBe('libur_perusahaan');
    const offices = [
      { id: 'o1', name: 'Kantor Pusat' },
      { id: 'o2', name: 'Cabang Bali' },
    ] as Parameters<typeof officeNames>[1];
    expect(officeNames(h('libur_perusahaan'), offices)).toBe('Semua kantor');
    expect(officeNames(h('libur_perusahaan', ['o2']), offices)).toBe('Cabang Bali');
  });
});
