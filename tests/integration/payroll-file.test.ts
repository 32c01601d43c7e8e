// File penggajian (docs/exports.md): the payroll file of the closed month of tests/support/march-2026.ts,
// every figure worked out by hand there; the default preset (Standar) and a saved one (columns chosen,
// ordered, renamed; decimal point, two decimals, ISO dates, commas); an open month refused (409); the same
// file every time (two downloads byte for byte; the XLSX stamped with the snapshot's time); preset CRUD.
import { beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import ExcelJS from 'exceljs';
import { db } from '@/lib/server/db';
import { GET as payrollRoute } from '@/app/api/recap/payroll/route';
import { GET as listRoute, POST as createRoute } from '@/app/api/payroll-presets/route';
import { DELETE as deleteRoute, PUT as updateRoute } from '@/app/api/payroll-presets/[id]/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { call } from '../helpers';
import { buildMarch, MARCH, type MarchWorld } from '../support/march-2026';

let w: MarchWorld;

async function download(query: string, token = w.hr.token) {
  const res = await payrollRoute(
    new NextRequest(new URL(`/api/recap/payroll?${query}`, 'http://localhost'), { headers: { authorization: `Bearer ${token}` } }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, headers: res.headers, buffer: Buffer.from(await res.arrayBuffer()) };
}
const csvLines = (b: Buffer) =>
  b
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .split('\r\n');
const quoted = (cells: string[], sep = ';') => cells.map((c) => `"${c}"`).join(sep);

const STANDARD_HEADER = [
  'NIK',
  'Nama Karyawan',
  'Kantor',
  'Divisi',
  'Hari Wajib Hadir',
  'Hadir (hari)',
  'Alpa (hari)',
  'Cuti/Izin Dibayar (hari)',
  'Cuti/Izin Tidak Dibayar (hari)',
  'Terlambat (menit)',
  'Pulang Cepat (menit)',
  'Lembur x1,5 (jam)',
  'Lembur x2 (jam)',
  'Lembur x3 (jam)',
  'Lembur x4 (jam)',
  'Lembur Setara (jam)',
  'Cuti Pengganti (hari)',
];
// Ani: 19 due, 15 present, 1 alpa; paid leave Cuti Tahunan 1 + Cuti Pengganti 1 + Sakit 1 = 3, unpaid Izin
// Tanpa Upah 1; late 15, early 30 minutes; overtime ×1.5 1 h, ×2 5 h, setara 11.5; cuti pengganti 1.
const ANI = ['A0001', 'Ani', 'Kantor Pusat', 'Keuangan', '19', '15', '1', '3', '1', '15', '30', '1', '5', '0', '0', '11,5', '1'];
// Budi (no NIK: after the numbered rows): 7 due, 7 alpa.
const BUDI = ['', 'Budi', 'Cabang Makassar', '', '7', '0', '7', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'];

const CUSTOM = {
  name: 'Ekspor Gaji ERP',
  columns: [
    { key: 'employeeNumber', header: 'ID Karyawan' },
    { key: 'periodStart', header: 'Dari' },
    { key: 'overtimeEquivalentHours', header: 'Jam Lembur Setara' },
    { key: 'present', header: 'Hari Hadir' },
  ],
  decimalSeparator: '.',
  decimals: 2,
  dateFormat: 'yyyy-mm-dd',
  csvSeparator: ',',
};

beforeAll(async () => {
  w = await buildMarch();
});

describe('File penggajian', () => {
  it('an open month is refused: the period must be closed first', async () => {
    const res = await call(payrollRoute, { token: w.hr.token, path: `/api/recap/payroll?month=${MARCH}&format=csv` });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Periode Maret 2026 belum ditutup. Tutup periode terlebih dahulu sebelum mengunduh file penggajian.',
      code: 'PERIOD_OPEN',
    });
  });

  it('the default preset (Standar) from the closed month, keyed by NIK; the same bytes every time', async () => {
    expect((await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'tanpa_upah' } })).paid).toBe(false);
    const closed = await call(closePeriodRoute, {
      token: w.admin.token,
      params: { month: MARCH },
      body: { override: true, reason: 'Gaji Maret dibayar tepat waktu' },
    });
    expect(closed.status).toBe(200);
    const first = await download(`month=${MARCH}&format=csv`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toContain('penggajian-2026-03-standar.csv');
    expect(first.buffer.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csvLines(first.buffer)).toEqual([quoted(STANDARD_HEADER), quoted(ANI), quoted(BUDI), '']);
    const again = await download(`month=${MARCH}&format=csv&preset=standar`);
    expect(again.buffer.equals(first.buffer)).toBe(true);

    // Budi off the payroll after the close: the snapshot keeps him, the file does not change.
    await db.user.update({ where: { id: w.budi.user.id }, data: { onPayroll: false } });
    const x1 = await download(`month=${MARCH}&format=xlsx`);
    const x2 = await download(`month=${MARCH}&format=xlsx`);
    expect(x1.status).toBe(200);
    expect(x1.buffer.equals(x2.buffer)).toBe(true);
    await db.user.update({ where: { id: w.budi.user.id }, data: { onPayroll: true } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x1.buffer as unknown as ArrayBuffer);
    const snapshotAt = (await db.period.findUniqueOrThrow({ where: { month: MARCH } })).snapshot as { computedAt: string };
    // The document's dates are the snapshot's (to the second, as XLSX keeps them).
    expect(wb.created.toISOString()).toBe(new Date(snapshotAt.computedAt).toISOString().replace(/\.\d+Z$/, '.000Z'));
    const ws = wb.getWorksheet('Penggajian')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(STANDARD_HEADER);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([
      'A0001',
      'Ani',
      'Kantor Pusat',
      'Keuangan',
      19,
      15,
      1,
      3,
      1,
      15,
      30,
      1,
      5,
      0,
      0,
      11.5,
      1,
    ]);
    expect(ws.getRow(3).getCell(2).value).toBe('Budi');
    // Every zip entry carries the snapshot's time (MS-DOS time, UTC wall clock), not the download's.
    const at = new Date(snapshotAt.computedAt);
    const dosDate = ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
    expect(x1.buffer.readUInt32LE(0)).toBe(0x04034b50);
    expect(x1.buffer.readUInt16LE(12)).toBe(dosDate);
  });

  it('a saved preset: columns chosen, ordered, renamed; number and date formats; audited CRUD', async () => {
    const made = await call(createRoute, { token: w.admin.token, body: CUSTOM });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ ...CUSTOM, builtIn: false });
    const id = made.body.id as string;
    const csv = await download(`month=${MARCH}&format=csv&preset=${id}`);
    expect(csv.headers.get('content-disposition')).toContain('penggajian-2026-03-ekspor-gaji-erp.csv');
    expect(csvLines(csv.buffer)).toEqual([
      quoted(['ID Karyawan', 'Dari', 'Jam Lembur Setara', 'Hari Hadir'], ','),
      quoted(['A0001', '2026-03-01', '11.50', '15.00'], ','),
      quoted(['', '2026-03-01', '0.00', '0.00'], ','),
      '',
    ]);
    const xlsx = await download(`month=${MARCH}&format=xlsx&preset=${id}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.buffer as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Penggajian')!;
    const dari = ws.getRow(2).getCell(2);
    expect(dari.value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(dari.numFmt).toBe('yyyy-mm-dd');
    expect(ws.getRow(2).getCell(3).value).toBe(11.5);
    expect(ws.getRow(2).getCell(3).numFmt).toBe('0.00');

    // Renamed and reordered; the list shows Standar first, then the saved ones.
    const changed = await call(updateRoute, {
      method: 'PUT',
      token: w.admin.token,
      params: { id },
      body: { ...CUSTOM, columns: [CUSTOM.columns[3], { key: 'employeeNumber', header: 'NIK Pegawai' }] },
    });
    expect(changed.status).toBe(200);
    expect(csvLines((await download(`month=${MARCH}&format=csv&preset=${id}`)).buffer)[1]).toBe(quoted(['15.00', 'A0001'], ','));
    const list = await call(listRoute, { token: w.hr.token });
    expect(list.body.presets.map((p: { name: string }) => p.name)).toEqual(['Standar', 'Ekspor Gaji ERP']);
    expect(list.body.catalog.length).toBe(30);

    // Refusals: a taken name (also Standar's), a column twice, an unknown column, HR writing.
    expect((await call(createRoute, { token: w.admin.token, body: { ...CUSTOM, name: 'ekspor gaji erp' } })).status).toBe(409);
    expect((await call(createRoute, { token: w.admin.token, body: { ...CUSTOM, name: 'standar' } })).status).toBe(409);
    const twice = await call(createRoute, {
      token: w.admin.token,
      body: { ...CUSTOM, name: 'Dua Kali', columns: [CUSTOM.columns[0], { key: 'employeeNumber', header: 'Lagi' }] },
    });
    expect(twice.status).toBe(400);
    const unknown = await call(createRoute, {
      token: w.admin.token,
      body: { ...CUSTOM, name: 'Aneh', columns: [{ key: 'gaji', header: 'Gaji' }] },
    });
    expect(unknown.status).toBe(400);
    expect((await call(createRoute, { token: w.hr.token, body: { ...CUSTOM, name: 'Dari HR' } })).status).toBe(403);

    const removed = await call(deleteRoute, { method: 'DELETE', token: w.admin.token, params: { id } });
    expect(removed.body).toEqual({ message: 'Preset Ekspor Gaji ERP dihapus' });
    expect((await download(`month=${MARCH}&format=csv&preset=${id}`)).status).toBe(404);
    const trail = await db.auditLog.findMany({ where: { entity: 'PayrollPreset', entityId: id }, orderBy: { createdAt: 'asc' } });
    expect(trail.map((a) => a.kind)).toEqual(['payroll_preset.create', 'payroll_preset.update', 'payroll_preset.delete']);
  });
});
