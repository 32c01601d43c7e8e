// Absensi Bulanan's files (docs/exports.md): XLSX (one sheet per office, frozen panes, printed on A4 or F4
// landscape), PDF (pdfmake, one table per office) and CSV (the generic export: BOM, ';' or ','). Every
// file holds every row of the filter; the cells are read 500 employees at a time.
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { db } from '@/lib/server/db';
import { AppError } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { exportHeaders, exportResponse, type ExportColumn, type ExportDocument } from '@/lib/server/export';
import { MAX_PDF_ROWS, PAGE, PDF_TOO_LARGE, renderPdf } from '@/lib/server/export/pdf';
import type { RecapRow } from '@/features/recap/server/recap';
import { gridBase, gridDays, gridPage, gridRows, type GridData } from '@/features/recap/server/recap-grid';
import { GRID_CODES, GRID_EMPTY_LEGEND, GRID_LEGEND } from '@/features/recap/lib/grid-codes';
import type { GridColumnDay, GridDto, GridRow, GridTotals } from '@/features/recap/types/grid';
import type { GridQuery } from '@/features/recap/validation/grid';

const BATCH = 500;

/** The row totals after the days, in order. */
export const GRID_TOTAL_COLUMNS: { key: keyof GridTotals; header: string }[] = [
  ...GRID_CODES.map((c) => ({ key: c, header: c })),
  { key: 'workDays', header: 'Hari Wajib Hadir' },
  { key: 'present', header: 'Hadir (hari)' },
  { key: 'openDays', header: 'Belum Ditutup (hari)' },
];

export const SHADE_COLORS = { istirahat: 'E5E7EB', libur: 'FECACA' } as const;

async function* rowsOf(month: string, recapRows: RecapRow[]): AsyncGenerator<GridRow> {
  for (let i = 0; i < recapRows.length; i += BATCH) yield* await gridRows(month, recapRows.slice(i, i + BATCH));
}

const periodText = (g: GridData, officeName: string | null) =>
  `${g.label}${officeName ? ` · ${officeName}` : ''}${g.source === 'snapshot' ? ' (periode ditutup)' : ''}`;
const legendText = () => [...GRID_CODES.map((c) => `${c} = ${GRID_LEGEND[c]}`), GRID_EMPTY_LEGEND].join(' · ');

async function companyName(): Promise<string> {
  const s = await db.settings.findUnique({ where: { id: 1 }, select: { companyName: true } });
  return s?.companyName?.trim() || 'Absensi';
}

/** The rows per office, in the grid's order (office, then name). */
function byOffice(rows: RecapRow[]): { officeId: string; officeName: string; rows: RecapRow[] }[] {
  const out: { officeId: string; officeName: string; rows: RecapRow[] }[] = [];
  for (const r of rows) {
    const last = out.at(-1);
    if (last?.officeId === r.officeId) last.rows.push(r);
    else out.push({ officeId: r.officeId, officeName: r.officeName, rows: [r] });
  }
  return out;
}

// ── CSV ────────────────────────────────────────────────────────────────────────────────────────────────

function gridDocument(g: GridData, company: string, sep: ';' | ','): ExportDocument {
  const columns: ExportColumn<GridRow>[] = [
    { key: 'employeeNumber', header: 'NIK', type: 'text', value: (r) => r.employeeNumber },
    { key: 'name', header: 'Nama Karyawan', type: 'text', value: (r) => r.name },
    { key: 'office', header: 'Kantor', type: 'text', value: (r) => r.officeName },
    { key: 'division', header: 'Divisi', type: 'text', value: (r) => r.division },
    ...g.days.map((d, i): ExportColumn<GridRow> => ({
      key: d.date,
      header: String(d.day),
      type: 'text',
      value: (r) => r.codes[i] || null,
    })),
    ...GRID_TOTAL_COLUMNS.map((c): ExportColumn<GridRow> => ({
      key: c.key,
      header: c.header,
      type: 'number',
      value: (r) => r.totals[c.key],
    })),
  ];
  return {
    title: 'Absensi Bulanan',
    companyName: company,
    periodLabel: periodText(g, g.officeName),
    schema: 'absensi.absensi-bulanan.v1',
    fileBase: `absensi-bulanan-${g.month}`,
    separator: sep,
    detail: { name: 'Absensi Bulanan', columns, rows: rowsOf(g.month, g.recapRows) },
  };
}

// ── XLSX ───────────────────────────────────────────────────────────────────────────────────────────────

const HEADER_ROW = 5;
const FIXED = ['No', 'NIK', 'Nama Karyawan', 'Divisi'];
/** Excel's paper sizes: 9 = A4, 14 = Folio (8.5 × 13 in, Indonesia's F4). */
export const PAPER_SIZE = { a4: 9, f4: 14 } as const;

const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${argb}` } });
const dayFill = (d: GridColumnDay) => (d.holiday ? fill(SHADE_COLORS.libur) : d.weekend ? fill(SHADE_COLORS.istirahat) : undefined);

/** A sheet name Excel accepts (31 characters, none of : \ / ? * [ ]) and unique in the workbook. */
function sheetName(name: string, used: Set<string>): string {
  const base =
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 28)
      .trim() || 'Kantor';
  let n = base;
  for (let i = 2; used.has(n.toLowerCase()); i++) n = `${base} ${i}`;
  used.add(n.toLowerCase());
  return n;
}

async function writeOffice(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  g: GridData,
  company: string,
  office: { officeId: string; officeName: string; rows: RecapRow[] },
  paper: 'a4' | 'f4',
  used: Set<string>,
) {
  const days = await gridDays(g.month, office.officeId);
  const ws = wb.addWorksheet(sheetName(office.officeName, used), {
    views: [{ state: 'frozen', xSplit: FIXED.length, ySplit: HEADER_ROW + 1 }],
    pageSetup: {
      // 14 (Folio) is an Excel paper size exceljs's type does not list.
      paperSize: PAPER_SIZE[paper] as unknown as ExcelJS.PaperSize,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.3, right: 0.3, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
      printTitlesRow: `${HEADER_ROW}:${HEADER_ROW + 1}`,
    },
    headerFooter: { oddFooter: 'Halaman &P dari &N' },
  });
  ws.columns = [
    { width: 5 },
    { width: 10 },
    { width: 24 },
    { width: 14 },
    ...days.map(() => ({ width: 3.6 })),
    ...GRID_TOTAL_COLUMNS.map((c) => ({ width: c.header.length > 3 ? 9 : 4 })),
  ];
  const text = (n: number, value: string, bold = false) => {
    const row = ws.getRow(n);
    row.getCell(1).value = value;
    if (bold) row.font = { bold: true, size: 14 };
    row.commit();
  };
  text(1, `${company} — Absensi Bulanan`, true);
  text(2, `Periode: ${periodText(g, office.officeName)}`);
  text(3, `Keterangan: ${legendText()}`);
  ws.getRow(4).commit();
  const head = ws.getRow(HEADER_ROW);
  const weekdays = ws.getRow(HEADER_ROW + 1);
  FIXED.forEach((h, i) => (head.getCell(i + 1).value = h));
  days.forEach((d, i) => {
    const c = head.getCell(FIXED.length + 1 + i);
    c.value = d.day;
    const w = weekdays.getCell(FIXED.length + 1 + i);
    w.value = d.weekday;
    const f = dayFill(d);
    if (f) c.fill = w.fill = f;
    if (d.holiday) c.note = d.holiday;
  });
  GRID_TOTAL_COLUMNS.forEach((t, i) => (head.getCell(FIXED.length + days.length + 1 + i).value = t.header));
  head.font = { bold: true };
  head.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  weekdays.alignment = { horizontal: 'center' };
  head.commit();
  weekdays.commit();
  let n = 0;
  for await (const r of rowsOf(g.month, office.rows)) {
    const row = ws.addRow([
      ++n,
      r.employeeNumber ?? '',
      r.name,
      r.division ?? '',
      ...r.codes.map((c) => c || null),
      ...GRID_TOTAL_COLUMNS.map((t) => r.totals[t.key]),
    ]);
    r.shades.forEach((s, i) => {
      const cell = row.getCell(FIXED.length + 1 + i);
      cell.alignment = { horizontal: 'center' };
      if (s) cell.fill = fill(SHADE_COLORS[s]);
    });
    row.commit();
  }
  ws.commit();
}

function gridXlsx(g: GridData, company: string, paper: 'a4' | 'f4'): PassThrough {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = company;
  void (async () => {
    const used = new Set<string>();
    const offices = byOffice(g.recapRows);
    if (!offices.length) wb.addWorksheet('Absensi Bulanan').commit();
    for (const o of offices) await writeOffice(wb, g, company, o, paper, used);
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

// ── PDF ────────────────────────────────────────────────────────────────────────────────────────────────

const PDF_SHADE = { istirahat: '#e5e7eb', libur: '#fecaca' } as const;
const PDF_PAGE = { a4: 'A4', f4: 'FOLIO' } as const;

async function gridPdf(g: GridData, company: string, paper: 'a4' | 'f4'): Promise<Buffer> {
  if (g.recapRows.length > MAX_PDF_ROWS) throw new AppError(422, 'EXPORT_TOO_LARGE', PDF_TOO_LARGE);
  const content: Content[] = [
    { text: company, style: 'company' },
    { text: 'Absensi Bulanan', style: 'title' },
    { text: `Periode: ${periodText(g, g.officeName)}`, margin: [0, 0, 0, 2] },
    { text: `Keterangan: ${legendText()}`, fontSize: 7, margin: [0, 0, 0, 6] },
  ];
  const offices = byOffice(g.recapRows);
  for (const [i, o] of offices.entries()) {
    const days = await gridDays(g.month, o.officeId);
    const shadeOfDay = (d: GridColumnDay) => (d.holiday ? PDF_SHADE.libur : d.weekend ? PDF_SHADE.istirahat : undefined);
    const head: TableCell[] = [
      { text: 'NIK', bold: true },
      { text: 'Nama Karyawan', bold: true },
      ...days.map((d): TableCell => ({
        text: [`${d.day}\n`, { text: d.weekday, fontSize: 4.5 }],
        bold: true,
        alignment: 'center',
        fillColor: shadeOfDay(d),
      })),
      ...GRID_TOTAL_COLUMNS.map((t): TableCell => ({ text: t.header.replace(' (hari)', ''), bold: true, alignment: 'center' })),
    ];
    const body: TableCell[][] = [head];
    for await (const r of rowsOf(g.month, o.rows))
      body.push([
        r.employeeNumber ?? '',
        r.name,
        ...r.codes.map((c, k): TableCell => ({
          text: c,
          alignment: 'center',
          fillColor: r.shades[k] ? PDF_SHADE[r.shades[k]!] : undefined,
        })),
        ...GRID_TOTAL_COLUMNS.map((t): TableCell => ({ text: String(r.totals[t.key]).replace('.', ','), alignment: 'right' })),
      ]);
    content.push(
      { text: o.officeName, style: 'section', pageBreak: i > 0 ? 'before' : undefined },
      {
        table: {
          headerRows: 1,
          dontBreakRows: true,
          widths: [34, 78, ...days.map(() => 11), ...GRID_TOTAL_COLUMNS.map((t) => (t.header.length > 3 ? 26 : 11))],
          body,
        },
        layout: {
          hLineWidth: () => 0.4,
          vLineWidth: () => 0.4,
          hLineColor: () => '#94a3b8',
          vLineColor: () => '#94a3b8',
          paddingLeft: () => 1,
          paddingRight: () => 1,
          paddingTop: () => 1,
          paddingBottom: () => 1,
        },
        fontSize: 6,
      },
    );
  }
  if (!offices.length) content.push({ text: 'Tidak ada karyawan pada filter ini.' });
  const def: TDocumentDefinitions = {
    pageSize: PDF_PAGE[paper],
    pageOrientation: 'landscape',
    pageMargins: [PAGE.margin, PAGE.margin, PAGE.margin, 36],
    info: { title: `Absensi Bulanan ${g.label}`, author: company },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      company: { fontSize: 14, bold: true },
      title: { fontSize: 12, bold: true },
      section: { fontSize: 10, bold: true, margin: [0, 6, 0, 4] },
    },
    footer: (page: number, pages: number) => ({
      text: `Halaman ${page} dari ${pages}`,
      alignment: 'right',
      fontSize: 8,
      margin: [PAGE.margin, 8, PAGE.margin, 0],
    }),
    content,
  };
  return renderPdf(def);
}

/** GET /api/recap/grid (admin, HR): the page's JSON, or the file. */
export async function monthGrid(actor: SessionUser, q: GridQuery): Promise<GridDto | Response> {
  const g = await gridBase(actor, q);
  if (q.format === 'json') return gridPage(g, q);
  const company = await companyName();
  if (q.format === 'csv') return exportResponse('csv', gridDocument(g, company, q.sep === 'comma' ? ',' : ';'));
  const headers = exportHeaders(q.format, `absensi-bulanan-${g.month}`);
  if (q.format === 'pdf') return new Response(new Uint8Array(await gridPdf(g, company, q.paper)), { headers });
  return new Response(Readable.toWeb(gridXlsx(g, company, q.paper)) as ReadableStream<Uint8Array>, { headers });
}
