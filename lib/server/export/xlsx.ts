// XLSX with exceljs's streaming writer: rows go to the zip as they come. Each sheet: company name and
// title in row 1, the period in row 2, the header in row 4 (frozen, with an autofilter), then the rows;
// numbers are numbers in the General format (12.5 stays 12.5: Excel shows it with the reader's own
// decimal mark), days are dates (dd/mm/yyyy), check-in/out times are times (hh:mm, the office's wall
// clock). The summary sheet (Ringkasan) comes first.
import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { dateKeyToDate } from '@/lib/dates';
import { iterate, wallClock } from '@/lib/server/export/format';
import { columnsFor, type ExportColumn, type ExportDocument, type ExportSheet } from '@/lib/server/export/types';

export const HEADER_ROW = 4;

function cellValue<R>(col: ExportColumn<R>, row: R): string | number | Date | null {
  const v = col.value(row);
  if (v === null || v === undefined || v === '') return null;
  if (col.type === 'date') return dateKeyToDate(String(v).slice(0, 10));
  if (col.type === 'time') return wallClock(String(v), col.zone?.(row));
  if (col.type === 'number') {
    const n = typeof v === 'number' ? v : Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  return String(v);
}

// Numbers keep Excel's General format: a fixed '0' would show a half day (0.5) as 1.
const NUM_FMT: Record<string, string | undefined> = { date: 'dd/mm/yyyy', time: 'hh:mm' };

async function writeSheet<R>(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  doc: ExportDocument,
  sheet: ExportSheet<R>,
  out: PassThrough,
): Promise<void> {
  const cols = columnsFor(sheet, 'xlsx');
  const ws = wb.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: HEADER_ROW }] });
  ws.autoFilter = { from: { row: HEADER_ROW, column: 1 }, to: { row: HEADER_ROW, column: Math.max(1, cols.length) } };
  ws.columns = cols.map((c) => ({ key: c.key, width: c.width ?? 16, style: NUM_FMT[c.type] ? { numFmt: NUM_FMT[c.type] } : {} }));
  const title = ws.getRow(1);
  title.getCell(1).value = `${doc.companyName} — ${doc.title}`;
  title.font = { bold: true, size: 14 };
  title.commit();
  const period = ws.getRow(2);
  period.getCell(1).value = `Periode: ${doc.periodLabel}`;
  period.commit();
  ws.getRow(3).commit();
  const header = ws.getRow(HEADER_ROW);
  cols.forEach((c, i) => (header.getCell(i + 1).value = c.header));
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for await (const r of iterate(sheet.rows)) {
    ws.addRow(cols.map((c) => cellValue(c, r))).commit();
    // Let the reader catch up: the zip's output is consumed before more rows are made.
    if (++n % 500 === 0 && out.readableLength > out.readableHighWaterMark * 4) await once(out, 'drain').catch(() => undefined);
  }
  ws.commit();
}

/** The workbook as a Node stream; errors end the stream with an error. */
export function xlsxStream(doc: ExportDocument): PassThrough {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = doc.companyName;
  wb.created = doc.generatedAt ?? new Date();
  void (async () => {
    if (doc.summary) await writeSheet(wb, doc, doc.summary, out);
    await writeSheet(wb, doc, doc.detail, out);
    await wb.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
