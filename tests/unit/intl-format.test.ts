import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { formatDateLong, formatDateShort, formatJoinDate, formatTime, formatTimeWithZone } from '@/lib/dates';
import { formatInstant, formatLeaveRange } from '@/features/leave/components/format';
import { wallClock } from '@/lib/server/export/format';

describe('cached Intl formatters (lib/intl.ts)', () => {
  it('gives the same formatter for the same locale and options, a new one for other options', () => {
    const a = dateTimeFormat('id-ID', { timeZone: 'Asia/Makassar', hour: '2-digit', minute: '2-digit' });
    expect(dateTimeFormat('id-ID', { timeZone: 'Asia/Makassar', hour: '2-digit', minute: '2-digit' })).toBe(a);
    expect(dateTimeFormat('id-ID', { timeZone: 'Asia/Jayapura', hour: '2-digit', minute: '2-digit' })).not.toBe(a);
    expect(numberFormat('id-ID', { maximumFractionDigits: 2 })).toBe(numberFormat('id-ID', { maximumFractionDigits: 2 }));
  });

  it('formats exactly as toLocale…String did', () => {
    const at = new Date('2026-03-02T00:05:00Z'); // 07.05 WIB, 08.05 WITA, 09.05 WIT, Monday 2 March
    for (const tz of ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']) {
      expect(formatTime(at, tz)).toBe(at.toLocaleTimeString('id-ID', { timeZone: tz, hour: '2-digit', minute: '2-digit' }));
      expect(formatJoinDate(at.toISOString(), tz)).toBe(
        at.toLocaleDateString('id-ID', { timeZone: tz, day: 'numeric', month: 'long', year: 'numeric' }),
      );
    }
    expect(formatTime(at, 'Asia/Makassar')).toBe('08.05');
    expect(formatTimeWithZone(at, 'Asia/Jayapura')).toBe('09.05 WIT');
    expect(formatDateLong('2026-03-02')).toBe('Senin, 2 Maret 2026');
    expect(formatDateShort('2026-03-02')).toBe('2 Mar 2026');
    expect(formatJoinDate(null)).toBe('Unknown');
    expect(formatInstant('2026-03-02T03:00:00Z', 'Asia/Jakarta')).toBe('2 Mar 2026, 10.00');
    expect(formatLeaveRange('2026-03-02', '2026-03-04', 2.5)).toBe('2 Mar 2026 - 4 Mar 2026 (2,5 hari)');
  });
});

describe('wallClock (lib/server/export/format.ts) on the zone parts of lib/dates.ts', () => {
  // The reference is how wallClock read the parts before: its own en-GB formatter, the same options. (It
  // made one on every call; one per zone here gives the same parts and keeps the 7,000 comparisons quick.)
  const reference = new Map<string, Intl.DateTimeFormat>();
  function freshWallClock(iso: string, zone = 'Asia/Jakarta'): Date {
    let format = reference.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      reference.set(zone, format);
    }
    const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    const n = (k: string) => Number(parts[k]);
    return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')));
  }

  it('gives the same Date as a fresh formatter, over years, local midnights and the DST changes of Europe/Berlin', () => {
    const zones = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura', 'UTC', 'Europe/Berlin'];
    const instants: number[] = [];
    // Steps of 7 h 13 min 17.25 s (× 300 across 1940-2040, Jakarta's old offsets too; × 5 across 2025-2026):
    // every hour, minute and second comes round.
    for (let t = Date.UTC(1940, 0, 1); t < Date.UTC(2040, 0, 1); t += 26_000_250 * 300) instants.push(t);
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 26_000_250 * 5) instants.push(t);
    // 15 s either side of local midnight in each zone, second by second, and of Berlin's changes of 2026.
    for (const edge of [
      Date.UTC(2026, 2, 1, 17), // 00:00 WIB
      Date.UTC(2026, 2, 1, 16), // 00:00 WITA
      Date.UTC(2026, 2, 1, 15), // 00:00 WIT
      Date.UTC(2026, 2, 2, 0), // 00:00 UTC
      Date.UTC(2026, 0, 31, 23), // 00:00 in Berlin, winter
      Date.UTC(2026, 6, 31, 22), // 00:00 in Berlin, summer
      Date.UTC(2026, 2, 29, 1), // Berlin 02:00 CET → 03:00 CEST
      Date.UTC(2026, 9, 25, 1), // Berlin 03:00 CEST → 02:00 CET
      Date.UTC(2025, 11, 31, 23, 59, 59), // a year's end
    ])
      for (let s = -15; s <= 15; s++) instants.push(edge + s * 1000, edge + s * 1000 + 999);
    let compared = 0;
    const differ: string[] = [];
    for (const zone of zones)
      for (const t of instants) {
        const iso = new Date(t).toISOString();
        if (wallClock(iso, zone).getTime() !== freshWallClock(iso, zone).getTime()) differ.push(`${iso} in ${zone}`);
        compared++;
      }
    expect(differ).toEqual([]);
    expect(compared).toBeGreaterThan(6_000);
    // The default zone, a few known values, and the same RangeError for a date that is none.
    expect(wallClock('2026-03-02T00:05:30Z').toISOString()).toBe('2026-03-02T07:05:30.000Z');
    expect(wallClock('2026-03-29T01:30:00Z', 'Europe/Berlin').toISOString()).toBe('2026-03-29T03:30:00.000Z');
    expect(wallClock('2026-10-25T00:30:00Z', 'Europe/Berlin').toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(wallClock('2026-10-25T01:30:00Z', 'Europe/Berlin').toISOString()).toBe('2026-10-25T02:30:00.000Z');
    expect(() => freshWallClock('nope')).toThrow(RangeError);
    expect(() => wallClock('nope')).toThrow(RangeError);
  });
});

describe('zod without its JIT probe in the browser (instrumentation-client.ts)', () => {
  it('sets jitless on the settings object zod adopts, without importing zod', async () => {
    await import('@/instrumentation-client');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBe(globalConfig);
  });
});
