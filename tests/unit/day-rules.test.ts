// The half-day boundary and the cover of an hourly permission (features/daily-close/lib/day-rules.ts),
// each figure worked out by hand in the comments.
import { describe, expect, it } from 'vitest';
import { earlyAgainst, excuse, halfDayWindow, lateAgainst } from '@/features/daily-close/lib/day-rules';

const at = (iso: string) => new Date(`${iso}+07:00`);
const day = { start: at('2026-10-08T08:00:00'), end: at('2026-10-08T17:00:00') };

describe('halfDayWindow', () => {
  it('08:00–17:00 with an hour break: 480 working minutes, 240 a half; siang ends 12:00, pagi starts 13:00', () => {
    expect(halfDayWindow(day, 60, ['siang'])).toEqual({ start: day.start, end: at('2026-10-08T12:00:00') });
    expect(halfDayWindow(day, 60, ['pagi'])).toEqual({ start: at('2026-10-08T13:00:00'), end: day.end });
  });
  it('no break (08:00–16:00): both halves meet at the midpoint, 12:00', () => {
    const short = { start: day.start, end: at('2026-10-08T16:00:00') };
    expect(halfDayWindow(short, 0, ['siang'])!.end).toEqual(at('2026-10-08T12:00:00'));
    expect(halfDayWindow(short, 0, ['pagi'])!.start).toEqual(at('2026-10-08T12:00:00'));
  });
  it('a night shift 22:00–06:00 with an hour break: 420 minutes, 210 a half; siang ends 01:30, pagi starts 02:30', () => {
    const night = { start: at('2026-10-08T22:00:00'), end: at('2026-10-09T06:00:00') };
    expect(halfDayWindow(night, 60, ['siang'])!.end).toEqual(at('2026-10-09T01:30:00'));
    expect(halfDayWindow(night, 60, ['pagi'])!.start).toEqual(at('2026-10-09T02:30:00'));
  });
  it('both halves off: nothing to work; no half: the whole shift', () => {
    expect(halfDayWindow(day, 60, ['pagi', 'siang'])).toBeNull();
    expect(halfDayWindow(day, 60, [])).toEqual(day);
  });
});

describe('late and early against a boundary', () => {
  it('13:10 against 13:00 is 10 late (no tolerance), 0 with a 10-minute tolerance; 11:45 against 12:00 is 15 early', () => {
    expect(lateAgainst(at('2026-10-08T13:10:00'), at('2026-10-08T13:00:00'), 0)).toBe(10);
    expect(lateAgainst(at('2026-10-08T13:10:00'), at('2026-10-08T13:00:00'), 10)).toBe(0);
    expect(lateAgainst(at('2026-10-08T07:57:00'), day.start, 0)).toBe(0);
    expect(earlyAgainst(at('2026-10-08T11:45:00'), at('2026-10-08T12:00:00'))).toBe(15);
    expect(earlyAgainst(at('2026-10-08T12:00:00'), at('2026-10-08T12:00:00'))).toBe(0);
  });
});

describe('excuse', () => {
  it('datang terlambat 2 h covers 90 late minutes; 0.5 h leaves 45 − 30 = 15', () => {
    expect(excuse(90, 0, [{ kind: 'datang_terlambat', hours: 2 }])).toEqual({ late: 0, early: 0, lateExcused: 90, earlyExcused: 0 });
    expect(excuse(45, 10, [{ kind: 'datang_terlambat', hours: 0.5 }])).toEqual({ late: 15, early: 10, lateExcused: 30, earlyExcused: 0 });
  });
  it('pulang cepat 1.5 h leaves 120 − 90 = 30 early; keluar kantor covers nothing', () => {
    expect(excuse(5, 120, [{ kind: 'pulang_cepat', hours: 1.5 }])).toEqual({ late: 5, early: 30, lateExcused: 0, earlyExcused: 90 });
    expect(excuse(30, 20, [{ kind: 'keluar_kantor', hours: 1 }])).toEqual({ late: 30, early: 20, lateExcused: 0, earlyExcused: 0 });
  });
  it('a permission of no stated kind, 45 minutes: lateness first (20), then early leave (25 of 30)', () => {
    expect(excuse(20, 30, [{ kind: null, hours: 0.75 }])).toEqual({ late: 0, early: 5, lateExcused: 20, earlyExcused: 25 });
  });
});
