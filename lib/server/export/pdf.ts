// PDF with pdfmake: A4 landscape, the company name, title and period on top, the header row repeated on
// every page, 'Halaman x dari y' at the foot, and a signature block (Dibuat oleh / Disetujui oleh) at the
// end. Every column is on the page: a table wider than the page is narrowed a little (its cells wrap),
// and one much wider is laid out in column groups, one table after the other, each starting with the
// row's name (`repeat` columns) — see columnGroups(). Numbers read as Indonesians write them (1.234,5).
// pdfmake lays the whole document out in memory, so a PDF has a row limit (MAX_PDF_ROWS); the XLSX, CSV
// and JSON have none. Fonts: Roboto as shipped in the pdfmake package (no download).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, CustomTableLayout, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { AppError } from '@/lib/server/errors';
import { cellText, iterate, PDF_NUMBERS } from '@/lib/server/export/format';
import { columnsFor, type ExportColumn, type ExportDocument, type ExportSheet } from '@/lib/server/export/types';

export const MAX_PDF_ROWS = 20_000;
export const PDF_TOO_LARGE = `PDF maksimal ${MAX_PDF_ROWS.toLocaleString('id-ID')} baris. Persempit periode atau gunakan format XLSX/CSV.`;

const require = createRequire(import.meta.url);
type PdfMake = {
  setFonts(f: unknown): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (p: string) => boolean): void;
  createPdf(def: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
};
let engine: PdfMake | null = null;
function pdfmake(): PdfMake {
  if (engine) return engine;
  const pm = require('pdfmake') as PdfMake;
  const fonts = require('pdfmake/fonts/Roboto') as { Roboto: Record<string, string> };
  const fontDir = path.dirname(fonts.Roboto.normal!);
  pm.setFonts(fonts);
  // Nothing is fetched, and only the package's own font files are read.
  pm.setUrlAccessPolicy(() => false);
  pm.setLocalAccessPolicy((p) => path.resolve(p).startsWith(fontDir + path.sep));
  engine = pm;
  return pm;
}

/** Any pdfmake document with the same fonts and access policy (e.g. the activation cards' QR codes, docs/onboarding.md). */
export const renderPdf = (def: TDocumentDefinitions): Promise<Buffer> => pdfmake().createPdf(def).getBuffer();

/** A4 landscape in points, and the page's margins. */
export const PAGE = { width: 841.89, height: 595.28, margin: 28 };
/** The width a table may take: the page between its margins. */
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The tables' font size and cell padding (left and right, points). */
export const TABLE_FONT_SIZE = 7;
const CELL_PADDING = 2;
/** About the width of a character of Roboto at the table's size (a digit is 0.56 em, a lowercase letter about 0.5). */
const CHAR_WIDTH = TABLE_FONT_SIZE * 0.55;
/** A table up to this much wider than the page is narrowed to fit (its cells wrap more); wider, it is split. */
const SHRINK_LIMIT = 0.8;

/** A column's width in points (its content; the padding is added): its `width` in characters, at least its longest header word. */
function naturalWidth<R>(c: ExportColumn<R>): number {
  const longestWord = Math.max(...c.header.split(/[\s/]+/).map((w) => w.length));
  return Math.max(c.width ?? 12, longestWord + 1) * CHAR_WIDTH;
}
const outer = (contentWidth: number) => contentWidth + 2 * CELL_PADDING;

export type PdfColumnGroup<R> = { columns: ExportColumn<R>[]; widths: number[] };

/**
 * The column groups of a sheet's PDF table, with each column's width in points, so that every group fits
 * in `available` (the page's width between the margins, padding included):
 * - the whole table when it fits (its widths stretched to the page, at most ×1.5);
 * - the whole table narrowed when it is at most 25 % wider than the page;
 * - else groups: the `repeat` columns (the row's name) first in each, then as many of the other columns
 *   as fit, in order, keeping the columns of one `group` together where they fit on a page.
 */
export function columnGroups<R>(cols: ExportColumn<R>[], available = CONTENT_WIDTH): PdfColumnGroup<R>[] {
  const sized = (list: ExportColumn<R>[]): PdfColumnGroup<R> => {
    const natural = list.map(naturalWidth);
    const total = natural.reduce((s, w) => s + outer(w), 0);
    const room = available - list.length * 2 * CELL_PADDING;
    const scale = Math.min(1.5, room / (total - list.length * 2 * CELL_PADDING));
    return { columns: list, widths: natural.map((w) => Math.floor(w * scale * 100) / 100) };
  };
  const total = cols.reduce((s, c) => s + outer(naturalWidth(c)), 0);
  if (total * SHRINK_LIMIT <= available) return [sized(cols)];
  const repeated = cols.filter((c) => c.repeat);
  const room = available - repeated.reduce((s, c) => s + outer(naturalWidth(c)), 0);
  // Runs of consecutive columns of the same group (a column without a group is a run of its own).
  const runs: ExportColumn<R>[][] = [];
  for (const c of cols) {
    if (c.repeat) continue;
    const last = runs.at(-1);
    if (last && c.group !== undefined && last[0]!.group === c.group) last.push(c);
    else runs.push([c]);
  }
  const groups: ExportColumn<R>[][] = [];
  let current: ExportColumn<R>[] = [];
  let used = 0;
  const close = () => {
    if (current.length) groups.push(current);
    current = [];
    used = 0;
  };
  for (const run of runs) {
    const w = run.reduce((s, c) => s + outer(naturalWidth(c)), 0);
    if (used + w > room && w <= room) close();
    for (const c of run) {
      const cw = outer(naturalWidth(c));
      if (used + cw > room && current.length) close();
      current.push(c);
      used += cw;
    }
  }
  close();
  return groups.map((g) => sized([...repeated, ...g]));
}

const TABLE_LAYOUT: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : i === 1 ? 1 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (i) => (i === 1 ? '#334155' : '#cbd5e1'),
  paddingLeft: () => CELL_PADDING,
  paddingRight: () => CELL_PADDING,
  paddingTop: () => 1.5,
  paddingBottom: () => 1.5,
};

/** The sheet's rows, read once (a PDF is laid out whole), at most `limit`. */
async function rowsOf<R>(sheet: ExportSheet<R>, limit: number): Promise<R[]> {
  const rows: R[] = [];
  for await (const r of iterate(sheet.rows)) {
    if (rows.length >= limit) throw new AppError(422, 'EXPORT_TOO_LARGE', PDF_TOO_LARGE);
    rows.push(r);
  }
  return rows;
}

/** A sheet as a heading and its table, or one table per column group (each with its header row repeated on every page). */
async function tables<R>(sheet: ExportSheet<R>, limit: number): Promise<Content[]> {
  const groups = columnGroups(columnsFor(sheet, 'pdf'));
  const rows = await rowsOf(sheet, limit);
  return groups.flatMap((g, i): Content[] => {
    const body: TableCell[][] = [g.columns.map((c) => ({ text: c.header, bold: true, fillColor: '#e2e8f0' }))];
    for (const r of rows)
      body.push(g.columns.map((c) => ({ text: cellText(c, r, PDF_NUMBERS), alignment: c.type === 'number' ? 'right' : 'left' })));
    const heading = groups.length > 1 ? `${sheet.name} (bagian ${i + 1} dari ${groups.length})` : sheet.name;
    return [
      { text: heading, style: 'section' },
      { table: { headerRows: 1, widths: g.widths, body, dontBreakRows: true }, layout: TABLE_LAYOUT, fontSize: TABLE_FONT_SIZE },
    ];
  });
}

export async function pdfBuffer(doc: ExportDocument, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const content: Content[] = [
    { text: doc.companyName, style: 'company' },
    { text: doc.title, style: 'title' },
    { text: `Periode: ${doc.periodLabel}`, margin: [0, 0, 0, 8] },
  ];
  if (doc.summary) content.push(...(await tables(doc.summary, MAX_PDF_ROWS)));
  content.push(...(await tables(doc.detail, MAX_PDF_ROWS)));
  content.push({
    margin: [0, 24, 0, 0],
    unbreakable: true,
    columns: [
      { width: '*', text: '' },
      {
        width: 180,
        stack: [
          { text: 'Dibuat oleh', alignment: 'center' },
          { text: '\n\n\n\n(______________________)', alignment: 'center' },
        ],
      },
      { width: 40, text: '' },
      {
        width: 180,
        stack: [
          { text: 'Disetujui oleh', alignment: 'center' },
          { text: '\n\n\n\n(______________________)', alignment: 'center' },
        ],
      },
    ],
  });
  const def: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [PAGE.margin, PAGE.margin, PAGE.margin, 36],
    compress: opts.compress ?? true,
    info: { title: `${doc.title} ${doc.periodLabel}`, author: doc.companyName },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    styles: {
      company: { fontSize: 14, bold: true },
      title: { fontSize: 12, bold: true },
      section: { fontSize: 10, bold: true, margin: [0, 8, 0, 4] },
    },
    footer: (page: number, pages: number) => ({
      text: `Halaman ${page} dari ${pages}`,
      alignment: 'right',
      fontSize: 8,
      margin: [PAGE.margin, 8, PAGE.margin, 0],
    }),
    content,
  };
  return pdfmake().createPdf(def).getBuffer();
}
