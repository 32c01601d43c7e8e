import { describe, expect, it } from 'vitest';
import { formatDistance, haversineMeters, isInsideRadius } from '@/lib/geo';
import { addDays, dateKeyInZone, daysInclusive, isValidDateKey, isoWeekday, minutesOfDayInZone, timeToMinutes } from '@/lib/dates';

describe('haversine', () => {
  it('Monas to Bundaran HI is about 2.3 km', () => {
    const monas = { latitude: -6.175392, longitude: 106.827153 };
    const bundaranHi = { latitude: -6.194929, longitude: 106.823025 };
    const d = haversineMeters(monas, bundaranHi);
    expect(d).toBeGreaterThan(2150);
    expect(d).toBeLessThan(2300);
  });
  it('one degree of latitude is 111.19 km with R = 6371 km', () => {
    expect(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_194.9, 0);
  });
  it('is zero for the same point and inside means ≤ radius', () => {
    const p = { latitude: -6.2, longitude: 106.8 };
    expect(haversineMeters(p, p)).toBe(0);
    expect(isInsideRadius(100, 100)).toBe(true);
    expect(isInsideRadius(100.01, 100)).toBe(false);
  });
});

describe('formatDistance', () => {
  it('whole metres under a kilometre, then km with a comma decimal under 10 km and whole above', () => {
    expect(formatDistance(30.4)).toBe('30 m');
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(999.4)).toBe('999 m');
    // 999.6 m rounds to 1000 m: one kilometre, not "1000 m".
    expect(formatDistance(999.6)).toBe('1 km');
    expect(formatDistance(1500)).toBe('1,5 km');
    expect(formatDistance(2345)).toBe('2,3 km');
    expect(formatDistance(965_249)).toBe('965 km');
    expect(formatDistance(1_234_567)).toBe('1.235 km');
  });
});

describe('office-timezone dates', () => {
  it('23:30 UTC is 06:30 WIB of the next day', () => {
    const t = new Date('2025-03-03T23:30:00Z');
    expect(dateKeyInZone(t, 'Asia/Jakarta')).toBe('2025-03-04');
    expect(minutesOfDayInZone(t, 'Asia/Jakarta')).toBe(6 * 60 + 30);
    expect(dateKeyInZone(t, 'UTC')).toBe('2025-03-03');
  });
  it('16:59 UTC is still the same WIB day, 17:00 UTC is the next', () => {
    expect(dateKeyInZone(new Date('2025-03-03T16:59:59Z'), 'Asia/Jakarta')).toBe('2025-03-03');
    expect(dateKeyInZone(new Date('2025-03-03T17:00:00Z'), 'Asia/Jakarta')).toBe('2025-03-04');
  });
  it('date helpers', () => {
    expect(isValidDateKey('2024-02-29')).toBe(true);
    expect(isValidDateKey('2025-02-29')).toBe(false);
    expect(isValidDateKey('2025-2-1')).toBe(false);
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(daysInclusive('2025-03-01', '2025-03-31')).toBe(31);
    expect(isoWeekday('2025-03-03')).toBe(1);
    expect(isoWeekday('2025-03-09')).toBe(7);
    expect(timeToMinutes('08:30')).toBe(510);
  });
});
