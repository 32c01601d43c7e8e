import { describe, expect, it } from 'vitest';
import { haversineMeters, isInsideRadius } from '@/lib/geo';
import { dayStatus, earlyMinutesAt, lateMinutesAt, monthlySummary, todayStatus, workDateOf } from '@/features/attendance/lib/rules';
import { historyCsv, historyCsvFileName } from '@/features/attendance/lib/csv';
import { toCsv } from '@/lib/csv';
import type { HistoryEntry } from '@/features/attendance/types/attendance';
import { addDays, isoWeekday } from '@/lib/dates';

describe('haversine against reference distances', () => {
  it('Monas to Bundaran HI is 2.22 km (R = 6371 km)', () => {
    const d = haversineMeters({ latitude: -6.175392, longitude: 106.827153 }, { latitude: -6.194929, longitude: 106.823025 });
    expect(d).toBeGreaterThan(2210);
    expect(d).toBeLessThan(2230);
  });
  it('Jakarta (Monas) to Bandung (Gedung Sate) is about 117 km', () => {
    const d = haversineMeters({ latitude: -6.175392, longitude: 106.827153 }, { latitude: -6.902481, longitude: 107.618795 });
    expect(d / 1000).toBeGreaterThan(115);
    expect(d / 1000).toBeLessThan(120);
  });
  it('30 m north of the office is inside a 100 m radius, 0.001° (111 m) is not', () => {
    const office = { latitude: -6.175392, longitude: 106.827153 };
    expect(isInsideRadius(haversineMeters(office, { latitude: -6.175122, longitude: 106.827153 }), 100)).toBe(true);
    expect(isInsideRadius(haversineMeters(office, { latitude: -6.174392, longitude: 106.827153 }), 100)).toBe(false);
  });
});

describe('workDate in the office timezone', () => {
  it('23:30 UTC belongs to the next WIB day; 16:59 UTC still to the same', () => {
    expect(workDateOf(new Date('2025-03-03T23:30:00Z'), 'Asia/Jakarta')).toBe('2025-03-04');
    expect(workDateOf(new Date('2025-03-03T16:59:59Z'), 'Asia/Jakarta')).toBe('2025-03-03');
    expect(workDateOf(new Date('2025-03-03T17:00:00Z'), 'Asia/Jakarta')).toBe('2025-03-04');
  });
  it('follows the configured zone (WIT is UTC+9)', () => {
    expect(workDateOf(new Date('2025-03-03T15:30:00Z'), 'Asia/Jayapura')).toBe('2025-03-04');
    expect(workDateOf(new Date('2025-03-03T15:30:00Z'), 'Asia/Jakarta')).toBe('2025-03-03');
  });
});

describe('late and early minutes', () => {
  const tz = 'Asia/Jakarta';
  it('counts minutes after the start, never negative', () => {
    expect(lateMinutesAt(new Date('2025-03-03T01:15:00Z'), '08:00', tz)).toBe(15); // 08:15 WIB
    expect(lateMinutesAt(new Date('2025-03-03T00:55:00Z'), '08:00', tz)).toBe(0); // 07:55 WIB
    expect(lateMinutesAt(new Date('2025-03-03T02:00:00Z'), '09:30', tz)).toBe(0); // 09:00 WIB
  });
  it('counts minutes before the end, never negative', () => {
    expect(earlyMinutesAt(new Date('2025-03-03T09:20:00Z'), '17:00', tz)).toBe(40); // 16:20 WIB
    expect(earlyMinutesAt(new Date('2025-03-03T10:05:00Z'), '17:00', tz)).toBe(0); // 17:05 WIB
  });
});

describe('statuses', () => {
  it('history: Tidak Hadir, Hanya Check-in, Lengkap; dashboard: Belum Check-in, Sudah Check-in, Sudah Check-out', () => {
    expect(dayStatus({ checkIn: null, checkOut: null })).toBe('Tidak Hadir');
    expect(dayStatus({ checkIn: {}, checkOut: null })).toBe('Hanya Check-in');
    expect(dayStatus({ checkIn: {}, checkOut: {} })).toBe('Lengkap');
    expect(todayStatus(null)).toBe('Belum Check-in');
    expect(todayStatus({ checkIn: {} })).toBe('Sudah Check-in');
    expect(todayStatus({ checkIn: {}, checkOut: {} })).toBe('Sudah Check-out');
  });
});

describe('monthly summary', () => {
  const days = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  };
  it('absent = working days before today − present; rate = present / (present + absent), rounded', () => {
    // Working 1–10 March, present 3, 4, 5: absent 1, 2, 6, 7, 8, 9 = 6 (today, the 10th, is not over);
    // rate 3 / 9 = 33.3 → 33.
    const s = monthlySummary({
      today: '2025-03-10',
      workingDates: days('2025-03-01', '2025-03-10'),
      presentDates: ['2025-03-03', '2025-03-04', '2025-03-05', '2025-02-28'],
      leaveDates: [],
    });
    expect(s).toMatchObject({ dayOfMonth: 10, countedDays: 9, presentDays: 3, absentDays: 6, leaveDays: 0, attendanceRate: 33 });
  });
  it('today is never absent before it is over: it counts once checked in', () => {
    const input = { today: '2025-03-10', workingDates: days('2025-03-01', '2025-03-10'), leaveDates: [] };
    const before = monthlySummary({ ...input, presentDates: days('2025-03-01', '2025-03-08') });
    // 1–8 present, 9 absent, 10 (today) open: 8 / 9 = 88.9 → 89.
    expect(before).toMatchObject({ countedDays: 9, presentDays: 8, absentDays: 1, attendanceRate: 89 });
    const after = monthlySummary({ ...input, presentDates: [...days('2025-03-01', '2025-03-08'), '2025-03-10'] });
    // Checked in today: 9 / 10 = 90.
    expect(after).toMatchObject({ countedDays: 10, presentDays: 9, absentDays: 1, attendanceRate: 90 });
  });
  it('approved leave is not absence, and days before joining do not count', () => {
    const employed = days('2025-03-06', '2025-03-10');
    const s = monthlySummary({
      today: '2025-03-10',
      workingDates: employed,
      employedDates: employed,
      presentDates: ['2025-03-06', '2025-03-07'],
      leaveDates: ['2025-03-01', '2025-03-07', '2025-03-10'],
    });
    expect(s).toMatchObject({ countedDays: 5, presentDays: 2, leaveDays: 1, absentDays: 2, attendanceRate: 50 });
  });
  it('non-working days are not absences, unless worked (Mon–Fri office, March 2025)', () => {
    // 1–10 March 2025: Sat 1, Sun 2, Mon 3 … Fri 7, Sat 8, Sun 9, Mon 10 → 6 working days. Present 3, 4
    // and Saturday 8; leave 5 (Sunday 9 is no working day); absent 6, 7; Monday 10 is today, not over:
    // counted 3, 4, 5, 6, 7, 8 = 6; rate 3 / (3 + 2) = 60.
    const s = monthlySummary({
      today: '2025-03-10',
      workingDates: days('2025-03-01', '2025-03-10').filter((d) => isoWeekday(d) <= 5),
      presentDates: ['2025-03-03', '2025-03-04', '2025-03-08'],
      leaveDates: ['2025-03-05', '2025-03-09'],
    });
    expect(s).toMatchObject({ countedDays: 6, presentDays: 3, leaveDays: 1, absentDays: 2, attendanceRate: 60 });
  });
  it('is 0 % with nothing to count', () => {
    expect(
      monthlySummary({ today: '2025-03-01', workingDates: [], employedDates: [], presentDates: [], leaveDates: [] }).attendanceRate,
    ).toBe(0);
  });
});

describe('history CSV', () => {
  const mark = (timestamp: string, latitude: number, longitude: number) => ({
    timestamp,
    latitude,
    longitude,
    accuracy: 10,
    distance: 5,
    verificationMethod: 'face',
    hasPhoto: true,
  });
  const entries: HistoryEntry[] = [
    {
      id: '1',
      date: '2025-03-03',
      checkIn: { ...mark('2025-03-03T01:05:00Z', -6.1753921, 106.8271534), lateMinutes: 5 },
      checkOut: { ...mark('2025-03-03T10:10:00Z', -6.17541, 106.82719), earlyMinutes: 0 },
      lateMinutes: 5,
      earlyMinutes: 0,
      faceCheckStatus: 'verified',
      office: null,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
    },
    {
      id: '2',
      date: '2025-03-04',
      checkIn: { ...mark('2025-03-03T23:30:00Z', -6.2, 106.8), lateMinutes: 0 },
      checkOut: null,
      lateMinutes: 0,
      earlyMinutes: null,
      faceCheckStatus: 'pending',
      office: null,
      dayStatus: 'kerja',
      shiftStart: '08:00',
      shiftEnd: '17:00',
    },
  ];
  it('has the spec columns, long dates, office-timezone times, 4-decimal locations and statuses', () => {
    const lines = historyCsv(entries, 'Asia/Jakarta').split('\r\n');
    expect(lines[0]).toBe('"Tanggal","Check-in","Check-out","Status","Lokasi Check-in","Lokasi Check-out"');
    expect(lines[1]).toBe('"Senin, 3 Maret 2025","08.05","17.10","Lengkap","-6.1754, 106.8272","-6.1754, 106.8272"');
    expect(lines[2]).toBe('"Selasa, 4 Maret 2025","06.30","","Hanya Check-in","-6.2000, 106.8000",""');
  });
  it('doubles quotes and neutralises formula cells', () => {
    const cells = ['Kata "kutip"', '=1+1', '+62 812', '-x', '@SUM(A1)', '-6.2000, 106.8000'];
    expect(
      toCsv(
        ['a'],
        cells.map((c) => [c]),
      ).split('\r\n'),
    ).toEqual(['"a"', '"Kata ""kutip"""', `"'=1+1"`, `"'+62 812"`, `"'-x"`, `"'@SUM(A1)"`, '"-6.2000, 106.8000"']);
    const withName = historyCsvFileName('=HYPERLINK("x")', '2025-03-04');
    expect(withName).toBe('riwayat-absensi-hyperlink-x-2025-03-04.csv');
    expect(historyCsvFileName('Budi Santoso', '2025-03-04')).toBe('riwayat-absensi-budi-santoso-2025-03-04.csv');
  });
});
