// Riwayat Absensi exports: the CSV (BOM, ';' or ',', spec columns, formulas neutralised, quotes
// doubled), the XLSX read back with exceljs (types and values, frozen header, autofilter, summary and
// detail sheets, title rows), the PDF's pages and text, the JSON's schema; who may export what.
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { GET as adminExport } from '@/app/api/attendance/export/route';
import { GET as employeeExport } from '@/app/api/attendance/history/[userId]/export/route';
import { GET as listRoute } from '@/app/api/attendance/all/route';
import { NextRequest } from 'next/server';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { CONTENT_WIDTH, PAGE, columnGroups, pdfBuffer } from '@/lib/server/export/pdf';
import { csvChunks } from '@/lib/server/export/csv';
import { xlsxStream } from '@/lib/server/export/xlsx';
import type { ExportColumn, ExportDocument } from '@/lib/server/export';
import { attendanceCursor } from '@/features/attendance/server/attendance-export-rows';
import { createUser } from '../helpers';
import { overlappingRuns, pdfPages, pdfRuns, type PdfRun } from '../pdf-text';

/** Every text run of a PDF that does not end inside the page's right margin (nothing should). */
const pastTheEdge = (runs: PdfRun[][]) => runs.flat().filter((r) => r.x + r.width > PAGE.width - PAGE.margin + 0.5);

const at = (key: string, hhmm: string) => new Date(`${key}T${hhmm}:00+07:00`);

let admin: Awaited<ReturnType<typeof createUser>>;
let hr: Awaited<ReturnType<typeof createUser>>;
let rudi: Awaited<ReturnType<typeof createUser>>;
let sinta: Awaited<ReturnType<typeof createUser>>;

/** The raw bytes of a GET (the route answers a stream). */
async function download(handler: typeof adminExport, path: string, token?: string, params: Record<string, string> = {}) {
  const req = new NextRequest(new URL(path, 'http://localhost'), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A CSV parser for quoted cells (every cell of ours is quoted). */
function parseCsv(text: string, sep: string): string[][] {
  return text.split('\r\n').map((line) => {
    const cells: string[] = [];
    const re = new RegExp(`"((?:[^"]|"")*)"(?:${sep === ';' ? ';' : ','}|$)`, 'g');
    for (const m of line.matchAll(re)) cells.push(m[1]!.replace(/""/g, '"'));
    return cells;
  });
}

beforeAll(async () => {
  await db.settings.upsert({ where: { id: 1 }, create: { id: 1, companyName: 'PT Maju Jaya' }, update: { companyName: 'PT Maju Jaya' } });
  admin = await createUser({ role: 'admin', name: 'Admin' });
  hr = await createUser({ role: 'hr', name: 'Hana' });
  // Rudi: Mon 2 Nov 08:15–17:05 WIB (15 min late), Tue 3 Nov 07:55 without check-out, Wed 4 Nov rejected by a reviewer.
  rudi = await createUser({ name: 'Rudi "Si Cepat"', email: 'rudi@test.local', position: 'Kurir' });
  // Sinta: a name that a spreadsheet would run as a formula; Mon 2 Nov 08:00–16:30 (30 min early).
  sinta = await createUser({ name: '=HYPERLINK("http://x")', email: 'sinta@test.local', position: '+Staf' });
  const mk = (userId: string, day: string, inAt: string, outAt: string | null, extra: Record<string, unknown> = {}) =>
    db.attendance.create({
      data: {
        userId,
        workDate: dateKeyToDate(day),
        checkInAt: at(day, inAt),
        checkInLatitude: -6.175392,
        checkInLongitude: 106.827153,
        checkInDistance: 3,
        ...(outAt ? { checkOutAt: at(day, outAt), checkOutLatitude: -6.17541, checkOutLongitude: 106.82718 } : {}),
        ...extra,
      },
    });
  // Rudi has a NIK and a division (docs/onboarding.md); Sinta neither.
  const logistik = await db.division.create({ data: { name: 'Logistik' } });
  await db.user.update({ where: { id: rudi.user.id }, data: { employeeNumber: 'K0042', divisionId: logistik.id } });
  await mk(rudi.user.id, '2026-11-02', '08:15', '17:05', { lateMinutes: 15 });
  await mk(rudi.user.id, '2026-11-03', '07:55', null);
  await mk(rudi.user.id, '2026-11-04', '08:00', '17:00', { faceCheckStatus: 'flagged', reviewDecision: 'rejected' });
  await mk(sinta.user.id, '2026-11-02', '08:00', '16:30', { earlyMinutes: 30 });
});

const RANGE = 'startDate=2026-11-01&endDate=2026-11-30';

describe('GET /attendance/export', () => {
  it('CSV: BOM, ; separator, the spec columns and file name, newest first, formulas neutralised, quotes doubled', async () => {
    const res = await download(adminExport, `/api/attendance/export?${RANGE}&format=csv`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="riwayat-absensi-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.bytes.toString('utf8').slice(1), ';');
    expect(rows[0]).toEqual([
      'Tanggal',
      'Nama Karyawan',
      'Email',
      'Posisi',
      'Check-in',
      'Check-out',
      'Status',
      'Lokasi Check-in',
      'Lokasi Check-out',
      'NIK',
      'Divisi',
    ]);
    expect(rows).toHaveLength(5);
    // Newest first: 4 Nov (rejected → Tidak Hadir), 3 Nov (no check-out), then 2 Nov (two records).
    expect(rows[1]).toEqual([
      'Rabu, 4 November 2026',
      'Rudi "Si Cepat"',
      'rudi@test.local',
      'Kurir',
      '08.00',
      '17.00',
      'Tidak Hadir',
      '-6.1754, 106.8272',
      '-6.1754, 106.8272',
      'K0042',
      'Logistik',
    ]);
    expect(rows[2]).toEqual([
      'Selasa, 3 November 2026',
      'Rudi "Si Cepat"',
      'rudi@test.local',
      'Kurir',
      '07.55',
      '',
      'Hanya Check-in',
      '-6.1754, 106.8272',
      '',
      'K0042',
      'Logistik',
    ]);
    const s = rows.find((r) => r[2] === 'sinta@test.local')!;
    expect(s.slice(1, 4)).toEqual(['\'=HYPERLINK("http://x")', 'sinta@test.local', "'+Staf"]);
    expect(s.slice(9)).toEqual(['', '']);
    expect(res.bytes.toString('utf8')).toContain('"Rudi ""Si Cepat"""');
  });

  it("CSV with sep=comma uses ','", async () => {
    const res = await download(adminExport, `/api/attendance/export?${RANGE}&format=csv&sep=comma&employee=${sinta.user.id}`, admin.token);
    const text = res.bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(
      '\ufeff"Tanggal","Nama Karyawan","Email","Posisi","Check-in","Check-out","Status","Lokasi Check-in","Lokasi Check-out","NIK","Divisi"',
    );
    expect(parseCsv(text.slice(1), ',')[1]![6]).toBe('Lengkap');
  });

  it('XLSX: summary and detail sheets, title rows, frozen header, autofilter, dates as dates, numbers as numbers', async () => {
    const res = await download(adminExport, `/api/attendance/export?${RANGE}&format=xlsx`, hr.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/riwayat-absensi-\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Ringkasan', 'Detail']);
    const detail = wb.getWorksheet('Detail')!;
    expect(detail.getCell('A1').value).toBe('PT Maju Jaya — Riwayat Absensi');
    expect(detail.getCell('A2').value).toBe('Periode: Minggu, 1 November 2026 – Senin, 30 November 2026');
    expect(detail.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect(detail.autoFilter).toBeTruthy();
    const header = (detail.getRow(4).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Tanggal',
      'Nama Karyawan',
      'Email',
      'Posisi',
      'Check-in',
      'Check-out',
      'Status',
      'Lokasi Check-in',
      'Lokasi Check-out',
      'NIK',
      'Divisi',
      'Kantor',
      'Terlambat (menit)',
      'Pulang Cepat (menit)',
      'Verifikasi Wajah',
      'Sumber Check-in',
      'Sumber Check-out',
    ]);
    expect(detail.rowCount).toBe(4 + 4);
    // Row 5: 4 Nov, Rudi, rejected. The day is a Date at UTC midnight; 08:00 WIB is the wall clock 08:00.
    const r5 = detail.getRow(5);
    expect(r5.getCell(1).value).toEqual(new Date('2026-11-04T00:00:00Z'));
    expect(r5.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(r5.getCell(5).value).toEqual(new Date('2026-11-04T08:00:00Z'));
    expect(r5.getCell(7).value).toBe('Tidak Hadir');
    expect(r5.getCell(10).value).toBe('K0042');
    expect(r5.getCell(11).value).toBe('Logistik');
    expect(r5.getCell(15).value).toBe('Ditolak');
    // Rudi's 2 Nov: 15 minutes late, a number.
    const rudi2 = detail
      .getRows(5, 4)!
      .find((r) => r.getCell(3).value === 'rudi@test.local' && (r.getCell(1).value as Date).getUTCDate() === 2)!;
    expect(rudi2.getCell(13).value).toBe(15);
    expect(typeof rudi2.getCell(13).value).toBe('number');
    // Summary: Rudi 3 days recorded, 1 complete, 1 check-in only, 1 rejected, late once for 15 min.
    const summary = wb.getWorksheet('Ringkasan')!;
    expect((summary.getRow(4).values as unknown[]).slice(1)).toEqual([
      'Nama Karyawan',
      'NIK',
      'Divisi',
      'Email',
      'Hari Tercatat',
      'Lengkap',
      'Hanya Check-in',
      'Ditolak (Tidak Hadir)',
      'Terlambat (kali)',
      'Terlambat (menit)',
      'Pulang Cepat (menit)',
    ]);
    const rows = [5, 6].map((n) => (summary.getRow(n).values as unknown[]).slice(1));
    expect(rows).toContainEqual(['Rudi "Si Cepat"', 'K0042', 'Logistik', 'rudi@test.local', 3, 1, 1, 1, 1, 15, 0]);
    expect(rows).toContainEqual(['=HYPERLINK("http://x")', undefined, undefined, 'sinta@test.local', 1, 1, 0, 0, 0, 0, 30]);
  });

  it('PDF: A4 landscape, the header on every page, page numbers, the signature block', async () => {
    const res = await download(adminExport, `/api/attendance/export?${RANGE}&format=pdf`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(res.bytes);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('PT Maju Jaya');
    expect(pages[0]).toContain('Riwayat Absensi');
    expect(pages[0]).toContain('Tidak Hadir');
    // NIK and Divisi (docs/onboarding.md).
    expect(pages[0]).toContain('K0042');
    expect(pages[0]).toContain('Logistik');
    expect(pages[0]).toContain('Dibuat oleh');
    expect(pages[0]).toContain('Disetujui oleh');
    expect(pages[0]).toContain('Halaman 1 dari 1');
    // A4 landscape: 841.89 × 595.28 points.
    expect(res.bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    // The admin's twelve columns are all on the page (they ran 215 points past its edge at 5 points a
    // character): the last header and figures end inside the right margin.
    const runs = pdfRuns(res.bytes);
    expect(pastTheEdge(runs)).toEqual([]);
    expect(overlappingRuns(runs)).toEqual([]);
    expect(pages[0]).toContain('Pulang Cepat (menit)');
    const early = runs[0]!.find((r) => r.text === '30')!;
    expect(early.x).toBeGreaterThan(PAGE.width / 2);
  });

  it('PDF of 150 rows: several pages, each with the header row and its number', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ n: i + 1, name: `Karyawan ${i + 1}` }));
    const buf = await pdfBuffer(
      {
        title: 'Riwayat Absensi',
        companyName: 'PT Maju Jaya',
        periodLabel: 'November 2026',
        schema: 'x',
        fileBase: 'x',
        detail: {
          name: 'Detail',
          columns: [
            { key: 'n', header: 'Nomor Urut', type: 'number', value: (r: { n: number }) => r.n },
            { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r: { name: string }) => r.name },
          ],
          rows,
        },
      },
      { compress: false },
    );
    const pages = pdfPages(buf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((p, i) => {
      expect(p).toContain('Nomor Urut');
      expect(p).toContain(`Halaman ${i + 1} dari ${pages.length}`);
    });
    expect(pages.join(' ')).toContain('Karyawan 150');
    expect(pages.at(-1)).toContain('Disetujui oleh');
  });

  it("numbers follow the file's locale: ';' CSV 12,5, ',' CSV 12.5, XLSX numbers, PDF 1.234,5", async () => {
    type Row = { name: string; days: number; hours: number; minutes: number };
    const rows: Row[] = [
      { name: 'Ani', days: 12.5, hours: 1234.5, minutes: 20 },
      { name: 'Budi', days: 0.5, hours: -1.25, minutes: 0 },
    ];
    const columns: ExportColumn<Row>[] = [
      { key: 'name', header: 'Nama', type: 'text', value: (r) => r.name },
      { key: 'days', header: 'Cuti (hari)', type: 'number', value: (r) => r.days },
      { key: 'hours', header: 'Lembur (jam)', type: 'number', value: (r) => r.hours },
      { key: 'minutes', header: 'Terlambat (menit)', type: 'number', value: (r) => r.minutes },
    ];
    const doc = (separator: ';' | ','): ExportDocument => ({
      title: 'Uji Angka',
      companyName: 'PT Maju Jaya',
      periodLabel: 'Oktober 2026',
      schema: 'x',
      fileBase: 'x',
      separator,
      detail: { name: 'Detail', columns, rows },
    });
    const csv = async (sep: ';' | ',') => {
      let text = '';
      for await (const chunk of csvChunks(doc(sep))) text += chunk;
      return parseCsv(text.slice(1), sep);
    };
    // Indonesian Excel (';' between cells) reads '12,5' as twelve and a half; a ',' file keeps the point.
    expect(await csv(';')).toEqual([
      ['Nama', 'Cuti (hari)', 'Lembur (jam)', 'Terlambat (menit)'],
      ['Ani', '12,5', '1234,5', '20'],
      ['Budi', '0,5', '-1,25', '0'],
    ]);
    expect(await csv(',')).toEqual([
      ['Nama', 'Cuti (hari)', 'Lembur (jam)', 'Terlambat (menit)'],
      ['Ani', '12.5', '1234.5', '20'],
      ['Budi', '0.5', '-1.25', '0'],
    ]);
    // XLSX: numbers are numbers, in the General format (a fixed '0' showed the half day as 1).
    const chunks: Buffer[] = [];
    for await (const c of xlsxStream(doc(';'))) chunks.push(c as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Detail')!;
    expect((sheet.getRow(5).values as unknown[]).slice(1)).toEqual(['Ani', 12.5, 1234.5, 20]);
    expect((sheet.getRow(6).values as unknown[]).slice(1)).toEqual(['Budi', 0.5, -1.25, 0]);
    expect([2, 3, 4].map((c) => sheet.getRow(6).getCell(c).numFmt ?? 'General')).toEqual(['General', 'General', 'General']);
    // PDF: as Indonesians write them.
    const text = pdfPages(await pdfBuffer(doc(';'), { compress: false })).join(' ');
    expect(text).toContain('Ani 12,5 1.234,5 20');
    expect(text).toContain('Budi 0,5 -1,25 0');
  });

  it('PDF: a table much wider than the page is laid out in column groups, each starting with the name', async () => {
    type Row = { name: string; i: number };
    const columns: ExportColumn<Row>[] = [
      { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r) => r.name, width: 24, repeat: true },
      ...Array.from({ length: 30 }, (_, k): ExportColumn<Row> => ({
        key: `c${k + 1}`,
        header: `Kolom ${k + 1}`,
        type: 'number',
        value: (r) => r.i * 100 + k + 1,
        width: 10,
        group: k < 12 ? 'A' : k < 24 ? 'B' : undefined,
      })),
    ];
    const groups = columnGroups(columns);
    // 24 characters × 3.85 + 4 = 96.4 points for the name; 10 × 3.85 + 4 = 42.5 for a figure: the page
    // (785.89) holds the name and 16 figures. Group A (12 columns) and B (12) each fill one, C the last 6.
    expect(groups.map((g) => g.columns.map((c) => c.key))).toEqual([
      ['name', ...Array.from({ length: 12 }, (_, k) => `c${k + 1}`)],
      ['name', ...Array.from({ length: 12 }, (_, k) => `c${k + 13}`), ...Array.from({ length: 4 }, (_, k) => `c${k + 25}`)],
      ['name', 'c29', 'c30'],
    ]);
    for (const g of groups) expect(g.widths.reduce((s, w) => s + w + 4, 0)).toBeLessThanOrEqual(CONTENT_WIDTH);
    const buf = await pdfBuffer(
      {
        title: 'Uji Lebar',
        companyName: 'PT Maju Jaya',
        periodLabel: 'Oktober 2026',
        schema: 'x',
        fileBase: 'x',
        detail: { name: 'Detail', columns, rows: [1, 2].map((i) => ({ name: `Karyawan ${i}`, i })) },
      },
      { compress: false },
    );
    const runs = pdfRuns(buf);
    expect(pastTheEdge(runs)).toEqual([]);
    expect(overlappingRuns(runs)).toEqual([]);
    const text = pdfPages(buf).join(' ');
    for (let k = 1; k <= 30; k++) expect(text).toContain(`Kolom ${k}`);
    expect(text).toContain('Detail (bagian 1 dari 3)');
    expect(text).toContain('Detail (bagian 3 dari 3)');
    // Karyawan 2's last figure (2 × 100 + 30) in the last group, beside the name.
    expect(text).toMatch(/Karyawan 2 229 230/);
    expect(text.indexOf('Disetujui oleh')).toBeGreaterThan(text.indexOf('Karyawan 2 229 230'));
  });

  it('JSON: the documented schema, summary and rows', async () => {
    const res = await download(adminExport, `/api/attendance/export?${RANGE}&format=json&employee=${rudi.user.id}`, admin.token);
    const body = JSON.parse(res.bytes.toString('utf8'));
    expect(body).toMatchObject({ schema: 'absensi.riwayat-absensi.v1', title: 'Riwayat Absensi', companyName: 'PT Maju Jaya' });
    expect(body.columns.map((c: { key: string }) => c.key)).toEqual([
      'date',
      'name',
      'email',
      'position',
      'checkIn',
      'checkOut',
      'status',
      'checkInLocation',
      'checkOutLocation',
      'employeeNumber',
      'division',
      'office',
      'lateMinutes',
      'earlyMinutes',
      'faceCheck',
      'checkInSource',
      'checkOutSource',
    ]);
    expect(body.summary).toEqual([
      {
        name: 'Rudi "Si Cepat"',
        employeeNumber: 'K0042',
        division: 'Logistik',
        email: 'rudi@test.local',
        days: 3,
        complete: 1,
        checkInOnly: 1,
        rejected: 1,
        lateCount: 1,
        lateMinutes: 15,
        earlyMinutes: 0,
      },
    ]);
    expect(body.rows).toHaveLength(3);
    expect(body.rows[2]).toMatchObject({
      date: '2026-11-02',
      checkIn: '2026-11-02T01:15:00.000Z',
      checkOut: '2026-11-02T10:05:00.000Z',
      status: 'Lengkap',
      lateMinutes: 15,
      employeeNumber: 'K0042',
      division: 'Logistik',
      checkInSource: 'Ponsel',
      checkOutSource: 'Ponsel',
    });
  });

  it('the keyset cursor returns every row once, in order, across batches', async () => {
    const all: string[] = [];
    for await (const r of attendanceCursor({ startDate: '2026-11-01', endDate: '2026-11-30' }, 1)) all.push(`${r.workDate} ${r.email}`);
    expect(all).toHaveLength(4);
    expect(new Set(all).size).toBe(4);
    expect(all[0]).toBe('2026-11-04 rudi@test.local');
    expect(all.slice(2).sort()).toEqual(['2026-11-02 rudi@test.local', '2026-11-02 sinta@test.local']);
  });

  it("review=perlu (the list's Perlu Tinjauan filter) exports only the flagged records not decided yet", async () => {
    const october = 'startDate=2026-10-01&endDate=2026-10-31';
    const base = { userId: sinta.user.id, checkInLatitude: -6.175392, checkInLongitude: 106.827153, checkInDistance: 3 };
    await db.attendance.createMany({
      data: [
        { ...base, workDate: dateKeyToDate('2026-10-05'), checkInAt: at('2026-10-05', '08:00'), faceCheckStatus: 'flagged' },
        { ...base, workDate: dateKeyToDate('2026-10-06'), checkInAt: at('2026-10-06', '08:00'), faceCheckStatus: 'verified' },
        {
          ...base,
          workDate: dateKeyToDate('2026-10-07'),
          checkInAt: at('2026-10-07', '08:00'),
          faceCheckStatus: 'flagged',
          reviewDecision: 'confirmed',
        },
      ],
    });
    const dates = async (qs: string) => {
      const res = await download(adminExport, `/api/attendance/export?${october}${qs}&format=json`, admin.token);
      expect(res.status).toBe(200);
      return (JSON.parse(res.bytes.toString('utf8')) as { rows: { date: string }[] }).rows.map((r) => r.date);
    };
    expect(await dates('')).toEqual(['2026-10-07', '2026-10-06', '2026-10-05']);
    expect(await dates('&review=perlu')).toEqual(['2026-10-05']);
    expect((await download(adminExport, `/api/attendance/export?review=semua`, admin.token)).status).toBe(400);
  });

  it('Divisi filters the list and the export alike; the list shows NIK and division', async () => {
    const logistik = (await db.division.findFirstOrThrow({ where: { name: 'Logistik' } })).id;
    const listed = async (filter: string) => {
      const res = await download(listRoute, `/api/attendance/all?${RANGE}${filter}`, admin.token);
      expect(res.status).toBe(200);
      return JSON.parse(res.bytes.toString('utf8')) as {
        userName: string;
        userEmployeeNumber: string | null;
        userDivision: string | null;
      }[];
    };
    // Rudi (Logistik) has three records in November, Sinta (no division) one.
    const logistics = await listed(`&divisionId=${logistik}`);
    expect(logistics.map((r) => r.userName)).toEqual(['Rudi "Si Cepat"', 'Rudi "Si Cepat"', 'Rudi "Si Cepat"']);
    expect(logistics[0]).toMatchObject({ userEmployeeNumber: 'K0042', userDivision: 'Logistik' });
    const none = await listed('&divisionId=none');
    expect(none.map((r) => r.userName)).toEqual(['=HYPERLINK("http://x")']);
    expect(none[0]).toMatchObject({ userEmployeeNumber: null, userDivision: null });
    const csv = await download(adminExport, `/api/attendance/export?${RANGE}&format=csv&divisionId=${logistik}`, admin.token);
    const rows = parseCsv(csv.bytes.toString('utf8').slice(1), ';').filter((r) => r.length > 1);
    expect(rows.slice(1).map((r) => [r[1], r[9], r[10]])).toEqual(Array(3).fill(['Rudi "Si Cepat"', 'K0042', 'Logistik']));
    expect((await download(listRoute, `/api/attendance/all?divisionId=logistik`, admin.token)).status).toBe(400);
    expect((await download(adminExport, `/api/attendance/export?divisionId=logistik`, admin.token)).status).toBe(400);
  });

  it('who may export: admin and HR the whole history; an employee only their own', async () => {
    expect((await download(adminExport, `/api/attendance/export?format=csv`)).status).toBe(401);
    expect((await download(adminExport, `/api/attendance/export?format=csv`, rudi.token)).status).toBe(403);
    expect((await download(adminExport, `/api/attendance/export?format=docx`, admin.token)).status).toBe(400);
    const own = await download(employeeExport, `/api/attendance/history/x/export?${RANGE}&format=csv`, rudi.token, {
      userId: rudi.user.id,
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/riwayat-absensi-rudi-si-cepat-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = parseCsv(own.bytes.toString('utf8').slice(1), ';');
    expect(rows[0]).toEqual(['Tanggal', 'Check-in', 'Check-out', 'Status', 'Lokasi Check-in', 'Lokasi Check-out']);
    expect(rows).toHaveLength(4);
    expect(
      (await download(employeeExport, `/api/attendance/history/x/export?format=csv`, rudi.token, { userId: sinta.user.id })).status,
    ).toBe(403);
    expect(
      (await download(employeeExport, `/api/attendance/history/x/export?format=xlsx`, hr.token, { userId: sinta.user.id })).status,
    ).toBe(200);
  });
});
