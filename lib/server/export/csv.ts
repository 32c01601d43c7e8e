// CSV for Indonesian Excel: UTF-8 with a BOM, ';' between cells (',' on request), every cell quoted with
// quotes doubled, and a cell that a spreadsheet would run as a formula (= + - @, tab, CR) prefixed with
// an apostrophe (lib/csv.ts). Numbers follow the separator: a decimal comma with ';' (12,5: what Excel
// with Indonesian regional settings reads as a number), a point with ',' (12.5). Written a row at a time.
import { csvCell } from '@/lib/csv';
import { cellText, csvNumberStyle, iterate } from '@/lib/server/export/format';
import { columnsFor, type ExportDocument } from '@/lib/server/export/types';

export const BOM = '\ufeff';

export async function* csvChunks(doc: ExportDocument): AsyncGenerator<string> {
  const sep = doc.separator ?? ';';
  const numbers = csvNumberStyle(sep);
  const cols = columnsFor(doc.detail, 'csv');
  let chunk = BOM + cols.map((c) => csvCell(c.header)).join(sep);
  for await (const row of iterate(doc.detail.rows)) {
    chunk += '\r\n' + cols.map((c) => csvCell(cellText(c, row, numbers))).join(sep);
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
