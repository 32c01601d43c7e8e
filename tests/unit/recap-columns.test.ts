// The Rekap Bulanan's columns (features/recap/lib/columns.ts), shared by the page's tables and the files.
import { describe, expect, it } from 'vitest';
import { recapFigureColumns } from '@/features/recap/lib/columns';

const recap = {
  // A month whose leave types include one named like each category.
  leaveTypes: ['Cuti', 'Cuti Tahunan', 'Izin', 'Izin Tanpa Upah', 'Sakit'],
  leaveTypeCategories: { Cuti: 'cuti', 'Cuti Tahunan': 'cuti', Izin: 'izin', 'Izin Tanpa Upah': 'izin', Sakit: 'sakit' } as const,
  multipliers: [1.5, 2, 3],
};

describe('recap columns', () => {
  it('every header once, whatever the leave types are called; each type after its category total', () => {
    const headers = recapFigureColumns(recap).map((c) => c.header);
    expect(new Set(headers).size).toBe(headers.length);
    expect(headers.slice(headers.indexOf('Cuti total (hari)'), headers.indexOf('Lembur ×1,5 (jam)'))).toEqual([
      'Cuti total (hari)',
      'Jenis: Cuti (hari)',
      'Jenis: Cuti Tahunan (hari)',
      'Izin total (hari)',
      'Jenis: Izin (hari)',
      'Jenis: Izin Tanpa Upah (hari)',
      'Sakit total (hari)',
      'Jenis: Sakit (hari)',
    ]);
    expect(headers.slice(-9)).toEqual([
      'Lembur ×1,5 (jam)',
      'Lembur ×2 (jam)',
      'Lembur ×3 (jam)',
      'Lembur total (jam)',
      'Lembur (jam setara)',
      // Breaks longer than the schedule allows (docs/calendar.md, Istirahat).
      'Lebih Istirahat (kali)',
      'Lebih Istirahat (menit)',
      'Tanda Wajah Belum Ditinjau',
      'Belum Ditutup (hari)',
    ]);
  });

  it('the values: a category total, its types, the hours per multiplier and their total', () => {
    const row = {
      cuti: 2.5,
      izin: 0,
      sakit: 1,
      leaveByType: { 'Cuti Tahunan': 2, Cuti: 0.5, Sakit: 1 },
      // 90 min × 1.5 and 150 min × 2: 1.5 h + 2.5 h = 4 h; 1.5 × 1.5 + 2.5 × 2 = 7.25 equivalent hours.
      overtime: {
        payableMinutes: 240,
        equivalentHours: 7.25,
        classes: [
          { multiplier: 1.5, minutes: 90, hours: 1.5 },
          { multiplier: 2, minutes: 150, hours: 2.5 },
        ],
      },
    };
    const value = Object.fromEntries(recapFigureColumns(recap).map((c) => [c.header, c.value(row as never)]));
    expect(value).toMatchObject({
      'Cuti total (hari)': 2.5,
      'Jenis: Cuti (hari)': 0.5,
      'Jenis: Cuti Tahunan (hari)': 2,
      'Izin total (hari)': 0,
      'Jenis: Izin Tanpa Upah (hari)': 0,
      'Sakit total (hari)': 1,
      'Jenis: Sakit (hari)': 1,
      'Lembur ×1,5 (jam)': 1.5,
      'Lembur ×2 (jam)': 2.5,
      'Lembur ×3 (jam)': 0,
      'Lembur total (jam)': 4,
      'Lembur (jam setara)': 7.25,
    });
  });

  it("a snapshot without the types' categories: by the name's first word, else cuti", () => {
    const headers = recapFigureColumns({
      leaveTypes: ['Cuti Menikah', 'Izin Tanpa Upah', 'Khitanan/Baptis Anak', 'Sakit'],
      leaveTypeCategories: {},
      multipliers: [],
    }).map((c) => c.header);
    expect(headers.filter((h) => h.includes('(hari)') && (h.startsWith('Jenis') || h.includes('total')))).toEqual([
      'Cuti total (hari)',
      'Jenis: Cuti Menikah (hari)',
      'Jenis: Khitanan/Baptis Anak (hari)',
      'Izin total (hari)',
      'Jenis: Izin Tanpa Upah (hari)',
      'Sakit total (hari)',
      'Jenis: Sakit (hari)',
    ]);
  });
});
