// Absensi Bulanan (docs/exports.md): the month grid of tests/support/march-2026.ts, every code and total
// worked out by hand there; the page's JSON (paged, filtered), the XLSX (a sheet per office, frozen panes,
// A4/F4 landscape, shading), the CSV (BOM, ';') and the PDF's text; a closed month reads the snapshot.
import { beforeAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import ExcelJS from 'exceljs';
import { db } from '@/lib/server/db';
import { GET as gridRoute } from '@/app/api/recap/grid/route';
import { GET as recapRoute } from '@/app/api/recap/route';
import { POST as closePeriodRoute } from '@/app/api/periods/[month]/close/route';
import { call } from '../helpers';
import { pdfPages, pdfRuns } from '../pdf-text';
import { ANI_CODES, BUDI_CODES, buildMarch, MARCH, type MarchWorld } from '../support/march-2026';

let w: MarchWorld;

async function download(query: string, token = w.hr.token) {
  const res = await gridRoute(
    new NextRequest(new URL(`/api/recap/grid?${query}`, 'http://localhost'), { headers: { authorization: `Bearer ${token}` } }),
    {
      params: Promise.resolve({}),
    },
  );
  return { status: res.status, headers: res.headers, buffer: Buffer.from(await res.arrayBuffer()) };
}

const ANI_TOTALS = { H: 12, T: 1, A: 1, I: 1, S: 1, C: 2, CB: 2, L: 9, DL: 1, LC: 1, workDays: 19, present: 15, openDays: 0 };
const BUDI_TOTALS = { H: 0, T: 0, A: 7, I: 0, S: 0, C: 0, CB: 0, L: 2, DL: 0, LC: 0, workDays: 7, present: 0, openDays: 0 };

beforeAll(async () => {
  w = await buildMarch();
});

describe('Absensi Bulanan of a hand-built month', () => {
  it('codes per day, totals per row, shading, from the classified days; the recap figures agree', async () => {
    const res = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ month: MARCH, label: 'Maret 2026', status: 'open', source: 'live', page: 1, pageSize: 50, total: 2 });
    expect(res.body.legend.map((l: { code: string }) => l.code)).toEqual(['H', 'T', 'A', 'I', 'S', 'C', 'CB', 'L', 'DL', 'LC']);
    expect(res.body.days).toHaveLength(31);
    expect(res.body.days[0]).toEqual({ date: '2026-03-01', day: 1, weekday: 'Min', weekend: true, holiday: null });
    expect(res.body.days[18]).toMatchObject({ date: '2026-03-19', weekday: 'Kam', weekend: false, holiday: 'Hari Suci Nyepi' });
    // Office, then name: Cabang Makassar (Budi) before Kantor Pusat (Ani).
    const [budi, ani] = res.body.rows;
    expect(ani).toMatchObject({
      name: 'Ani',
      employeeNumber: 'A0001',
      officeName: 'Kantor Pusat',
      division: 'Keuangan',
      totals: ANI_TOTALS,
    });
    expect(ani.codes).toEqual(ANI_CODES);
    expect(budi).toMatchObject({ name: 'Budi', employeeNumber: null, officeName: 'Cabang Makassar', division: null, totals: BUDI_TOTALS });
    expect(budi.codes).toEqual(BUDI_CODES);
    // Shades: Sundays 1, 8 and Saturday 28 (worked: H on a shaded cell) are rest days; 18–20 holidays.
    expect([ani.shades[0], ani.shades[7], ani.shades[27], ani.shades[17], ani.shades[18], ani.shades[19], ani.shades[1]]).toEqual([
      'istirahat',
      'istirahat',
      'istirahat',
      'libur',
      'libur',
      'libur',
      null,
    ]);
    // The same people and figures as Rekap Bulanan.
    const recap = await call(recapRoute, { token: w.hr.token, path: `/api/recap?month=${MARCH}` });
    const aniRecap = recap.body.rows.find((r: { userId: string }) => r.userId === w.ani.user.id);
    expect(aniRecap).toMatchObject({ workDays: 19, present: 15, alpa: 1, dinasLuar: 1, lupaCheckout: 1, lateCount: 1 });
  });

  it('pages on the server and filters by office and division', async () => {
    const page2 = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}&pageSize=1&page=2` });
    expect(page2.body).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(page2.body.rows.map((r: { name: string }) => r.name)).toEqual(['Ani']);
    const makassar = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}&officeId=${w.makassar}` });
    expect(makassar.body.rows.map((r: { name: string }) => r.name)).toEqual(['Budi']);
    const noDivision = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}&divisionId=none` });
    expect(noDivision.body.rows.map((r: { name: string }) => r.name)).toEqual(['Budi']);
    const bad = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=2026-13&pageSize=500` });
    expect(bad.status).toBe(400);
    const employee = await call(gridRoute, { token: w.ani.token, path: `/api/recap/grid?month=${MARCH}` });
    expect(employee.status).toBe(403);
  });

  it('the later pages read the month page 1 computed (one reading per look, as Rekap Bulanan pages); page 1 reads afresh', async () => {
    const names = async (page: number) =>
      (await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}&pageSize=1&page=${page}` })).body.rows.map(
        (r: { name: string }) => r.name,
      );
    expect(await names(1)).toEqual(['Budi']);
    await db.user.update({ where: { id: w.ani.user.id }, data: { name: 'Ani Baru' } });
    try {
      expect(await names(2)).toEqual(['Ani']);
      expect(await names(1)).toEqual(['Budi']);
      expect(await names(2)).toEqual(['Ani Baru']);
    } finally {
      await db.user.update({ where: { id: w.ani.user.id }, data: { name: 'Ani' } });
    }
  });

  it('XLSX: one sheet per office, frozen panes, A4 or F4 landscape, codes, totals and shading', async () => {
    for (const [paper, size] of [
      ['a4', 9],
      ['f4', 14],
    ] as const) {
      const res = await download(`month=${MARCH}&format=xlsx&paper=${paper}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('absensi-bulanan-2026-03.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.buffer as unknown as ArrayBuffer);
      expect(wb.worksheets.map((s) => s.name)).toEqual(['Cabang Makassar', 'Kantor Pusat']);
      const ws = wb.getWorksheet('Kantor Pusat')!;
      expect(ws.pageSetup).toMatchObject({ paperSize: size, orientation: 'landscape', fitToWidth: 1, fitToHeight: 0 });
      expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 4, ySplit: 6 });
      expect(String(ws.getCell('A3').value)).toContain('CB = Cuti bersama (libur)');
      const header = (ws.getRow(5).values as unknown[]).slice(1);
      expect(header.slice(0, 6)).toEqual(['No', 'NIK', 'Nama Karyawan', 'Divisi', 1, 2]);
      expect(header.slice(35)).toEqual([
        'H',
        'T',
        'A',
        'I',
        'S',
        'C',
        'CB',
        'L',
        'DL',
        'LC',
        'Hari Wajib Hadir',
        'Hadir (hari)',
        'Belum Ditutup (hari)',
      ]);
      expect((ws.getRow(6).values as unknown[]).slice(5, 8)).toEqual(['Min', 'Sen', 'Sel']);
      const row = (ws.getRow(7).values as unknown[]).slice(1);
      expect(row.slice(0, 4)).toEqual([1, 'A0001', 'Ani', 'Keuangan']);
      expect(row.slice(4, 35).map((v) => v ?? '')).toEqual(ANI_CODES);
      expect(row.slice(35)).toEqual([12, 1, 1, 1, 1, 2, 2, 9, 1, 1, 19, 15, 0]);
      // Shading: the 19th (Nyepi) red in the header and on Ani's row; the 1st (Sunday) grey; the 2nd none.
      const argb = (c: ExcelJS.Cell) => (c.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb ?? null;
      expect([argb(ws.getCell(5, 4 + 19)), argb(ws.getCell(7, 4 + 19)), argb(ws.getCell(7, 5)), argb(ws.getCell(7, 6))]).toEqual([
        'FFFECACA',
        'FFFECACA',
        'FFE5E7EB',
        null,
      ]);
    }
  });

  it('CSV: BOM, semicolons, the codes and totals; comma on request', async () => {
    const res = await download(`month=${MARCH}&format=csv`);
    expect(res.status).toBe(200);
    const text = res.buffer.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      [
        'NIK',
        'Nama Karyawan',
        'Kantor',
        'Divisi',
        ...Array.from({ length: 31 }, (_, i) => String(i + 1)),
        'H',
        'T',
        'A',
        'I',
        'S',
        'C',
        'CB',
        'L',
        'DL',
        'LC',
        'Hari Wajib Hadir',
        'Hadir (hari)',
        'Belum Ditutup (hari)',
      ]
        .map((h) => `"${h}"`)
        .join(';'),
    );
    expect(lines[2]).toBe(
      ['A0001', 'Ani', 'Kantor Pusat', 'Keuangan', ...ANI_CODES, '12', '1', '1', '1', '1', '2', '2', '9', '1', '1', '19', '15', '0']
        .map((c) => `"${c}"`)
        .join(';'),
    );
    expect(lines[1]!.startsWith('"";"Budi";"Cabang Makassar";"";""')).toBe(true);
    const comma = (await download(`month=${MARCH}&format=csv&sep=comma`)).buffer.toString('utf8');
    expect(comma.split('\r\n')[2]).toContain('"Ani","Kantor Pusat"');
  });

  it('PDF: the codes and the legend on the page, F4 on request', async () => {
    const res = await download(`month=${MARCH}&format=pdf`);
    expect(res.status).toBe(200);
    expect(res.buffer.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(res.buffer);
    const text = pages.join(' ');
    expect(text).toContain('Absensi Bulanan');
    expect(text).toContain('Maret 2026');
    expect(text).toContain('DL = Dinas luar');
    expect(text).toContain('1 Min 2 Sen 3 Sel 4 Rab');
    expect(text).toContain('Kantor Pusat');
    expect(
      pdfRuns(res.buffer)
        .flat()
        .some((r) => r.text === 'CB'),
    ).toBe(true);
    const f4 = await download(`month=${MARCH}&format=pdf&paper=f4`);
    // Folio landscape: 936 × 612 points.
    expect(f4.buffer.toString('latin1')).toMatch(/\/MediaBox \[0 0 936 612\]/);
  });

  it('a closed month reads the snapshot: the same rows after a later change to the people', async () => {
    const before = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}` });
    const closed = await call(closePeriodRoute, {
      token: w.admin.token,
      params: { month: MARCH },
      body: { override: true, reason: 'Gaji Maret dibayar tepat waktu' },
    });
    expect(closed.status).toBe(200);
    // Budi taken off the payroll after the close: the live recap would drop him, the snapshot keeps him.
    await db.user.update({ where: { id: w.budi.user.id }, data: { onPayroll: false } });
    const after = await call(gridRoute, { token: w.hr.token, path: `/api/recap/grid?month=${MARCH}` });
    expect(after.body).toMatchObject({ status: 'closed', source: 'snapshot', total: 2 });
    expect(after.body.rows).toEqual(before.body.rows);
    await db.user.update({ where: { id: w.budi.user.id }, data: { onPayroll: true } });
  });
});
