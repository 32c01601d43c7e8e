// PDF with pdfmake: A4 landscape, the company name, title and period on top, the header row repeated on
// every page, 'Halaman x dari y' at the foot, and a signature block (Dibuat oleh / Disetujui oleh) at the
// end. pdfmake lays the whole document out in memory, so a PDF has a row limit (MAX_PDF_ROWS); the
// XLSX, CSV and JSON have none. Fonts: Roboto as shipped in the pdfmake package (no download).
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { AppError } from '@/lib/server/errors';
import { cellText, iterate } from '@/lib/server/export/format';
import { columnsFor, type ExportDocument, type ExportSheet } from '@/lib/server/export/types';

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

async function table<R>(sheet: ExportSheet<R>, limit: number): Promise<{ content: Content; count: number }> {
  const cols = columnsFor(sheet, 'pdf');
  const body: TableCell[][] = [cols.map((c) => ({ text: c.header, bold: true, fillColor: '#e2e8f0' }))];
  let count = 0;
  for await (const r of iterate(sheet.rows)) {
    if (++count > limit) throw new AppError(422, 'EXPORT_TOO_LARGE', PDF_TOO_LARGE);
    body.push(cols.map((c) => ({ text: cellText(c, r), alignment: c.type === 'number' ? 'right' : 'left' })));
  }
  const widths = cols.map((c) => (c.width ? c.width * 5 : '*'));
  return { content: { table: { headerRows: 1, widths, body }, layout: 'lightHorizontalLines', fontSize: 8 }, count };
}

export async function pdfBuffer(doc: ExportDocument, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const content: Content[] = [
    { text: doc.companyName, style: 'company' },
    { text: doc.title, style: 'title' },
    { text: `Periode: ${doc.periodLabel}`, margin: [0, 0, 0, 8] },
  ];
  if (doc.summary) {
    content.push({ text: doc.summary.name, style: 'section' }, (await table(doc.summary, MAX_PDF_ROWS)).content);
  }
  content.push({ text: doc.detail.name, style: 'section' }, (await table(doc.detail, MAX_PDF_ROWS)).content);
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
    pageMargins: [28, 28, 28, 36],
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
      margin: [28, 8, 28, 0],
    }),
    content,
  };
  return pdfmake().createPdf(def).getBuffer();
}
