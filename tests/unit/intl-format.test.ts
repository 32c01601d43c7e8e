import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '@/lib/intl';
import { formatDateLong, formatDateShort, formatJoinDate, formatTime, formatTimeWithZone } from '@/lib/dates';
import { formatInstant, formatLeaveRange } from '@/features/leave/components/format';

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

describe('zod without its JIT probe in the browser (instrumentation-client.ts)', () => {
  it('sets jitless on the settings object zod adopts, without importing zod', async () => {
    await import('@/instrumentation-client');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    expect((globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig).toBe(globalConfig);
  });
});
