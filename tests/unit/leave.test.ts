import { describe, expect, it } from 'vitest';
import { leaveApplySchema, leaveFormSchema, leaveTypeLabel } from '@/features/leave/validation/leave';
import { firstError } from '@/lib/validation/common';
import { formatLeaveRange, isPending, leaveStatusView } from '@/features/leave/components/format';

const TODAY = '2031-03-10';
const valid = { type: 'cuti', startDate: '2031-03-12', endDate: '2031-03-14', reason: 'Acara keluarga di Bandung' };
const formError = (over: Record<string, unknown>, today: string | undefined = TODAY) =>
  firstError(leaveFormSchema(today).safeParse({ ...valid, ...over }));

describe('leave form rules (features/leave/validation/leave.ts)', () => {
  it('accepts a valid request, including one starting today', () => {
    expect(formError({})).toBeNull();
    expect(formError({ startDate: TODAY, endDate: TODAY })).toBeNull();
  });

  it('reports the first failing rule, in order', () => {
    expect(formError({ startDate: '', endDate: '', reason: '' })).toBe('Tanggal mulai harus diisi');
    expect(formError({ endDate: '', reason: '' })).toBe('Tanggal selesai harus diisi');
    expect(formError({ startDate: '2031-03-09', endDate: '2031-03-08' })).toBe('Tanggal mulai tidak boleh sebelum hari ini');
    expect(formError({ endDate: '2031-03-11', reason: 'pendek' })).toBe('Tanggal selesai tidak boleh sebelum tanggal mulai');
    expect(formError({ reason: '' })).toBe('Alasan cuti harus diisi');
    expect(formError({ reason: '   123456789    ' })).toBe('Alasan cuti minimal 10 karakter');
    expect(formError({ reason: '  1234567890  ' })).toBeNull();
    expect(formError({ type: 'cuti-bersama' })).toBe('Jenis cuti tidak valid');
  });

  it('the API schema skips the today rule (the service decides it in the office timezone) and trims the reason', () => {
    const parsed = leaveApplySchema.parse({
      ...valid,
      startDate: '2000-01-01',
      endDate: '2000-01-02',
      reason: '  alasan yang cukup  ',
      userId: 'abc',
    });
    expect(parsed).toEqual({ userId: 'abc', type: 'cuti', startDate: '2000-01-01', endDate: '2000-01-02', reason: 'alasan yang cukup' });
    expect(leaveApplySchema.parse({ ...valid, userId: null }).userId).toBeUndefined();
  });
});

describe('leave display', () => {
  it('shows any status but approved/rejected/cancelled as Menunggu', () => {
    expect(leaveStatusView('approved').label).toBe('Disetujui');
    expect(leaveStatusView('rejected').label).toBe('Ditolak');
    expect(leaveStatusView('cancelled').label).toBe('Dibatalkan');
    expect(isPending('cancelled')).toBe(false);
    for (const s of ['pending', '', null, undefined]) {
      expect(leaveStatusView(s).label).toBe('Menunggu');
      expect(isPending(s)).toBe(true);
    }
    expect(leaveStatusView('approved').className).toContain('green');
    expect(leaveStatusView('rejected').className).toContain('red');
    expect(leaveStatusView('x').className).toContain('yellow');
  });

  it('labels types, defaulting to Cuti', () => {
    expect(leaveTypeLabel('cuti')).toBe('Cuti Tahunan');
    expect(leaveTypeLabel('sakit')).toBe('Sakit');
    expect(leaveTypeLabel('keluarga')).toBe('Keluarga');
    expect(leaveTypeLabel('lainnya')).toBe('Lainnya');
    expect(leaveTypeLabel(undefined)).toBe('Cuti');
    expect(leaveTypeLabel('apa')).toBe('Cuti');
  });

  it('formats the range with its day count', () => {
    expect(formatLeaveRange('2031-03-12', '2031-03-14', 3)).toBe('12 Mar 2031 - 14 Mar 2031 (3 hari)');
    expect(formatLeaveRange('2031-03-12', '2031-03-12', 1)).toBe('12 Mar 2031 (1 hari)');
    // A half day says which half.
    expect(formatLeaveRange('2031-03-12', '2031-03-12', 0.5, 'pagi')).toBe('12 Mar 2031 (½ hari pagi)');
    expect(formatLeaveRange('2031-03-12', '2031-03-12', 0.5, 'siang')).toBe('12 Mar 2031 (½ hari siang)');
  });
});
