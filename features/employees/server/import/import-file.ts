// An import file as it arrives (docs/onboarding.md): a data URL in a JSON body, its type read from the bytes
// (never the name): an XLSX workbook (a zip with xl/workbook.xml, no macros) or CSV text (UTF-8, with or
// without a BOM, ';' or ',' separated). The answer is the grid of cells as text, header first; a bad file
// is refused whole with the reason, before anything is read into the database.
import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '@/lib/server/errors';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES as M } from '@/features/employees/validation/import';

export type Grid = { kind: 'xlsx' | 'csv'; rows: string[][] };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const fail = (message: string) => badRequest(message, 'VALIDATION', { file: message });

/** The bytes of a data URL or bare base64, refused over the limit before decoding. */
export function decodeUpload(data: string): Buffer {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const b64 = (comma >= 0 ? data.slice(comma + 1) : data).replace(/\s+/g, '');
  if (!b64) throw fail(M.empty);
  if (b64.length % 4 === 1 || !BASE64.test(b64)) throw fail(M.notBase64);
  if (Math.floor((b64.length * 3) / 4) > IMPORT_MAX_BYTES + 2)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', M.tooLarge, { file: M.tooLarge });
  const buf = Buffer.from(b64, 'base64');
  if (buf.length === 0) throw fail(M.empty);
  if (buf.length > IMPORT_MAX_BYTES) throw new AppError(413, 'PAYLOAD_TOO_LARGE', M.tooLarge, { file: M.tooLarge });
  return buf;
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

/** The zip's entry names, without inflating any. */
function zipNames(buf: Buffer): string[] {
  const names: string[] = [];
  try {
    unzipSync(buf, { filter: (f) => (names.push(f.name), false) });
  } catch {
    throw fail(M.badType);
  }
  return names;
}

/** A cell as text: dates as YYYY-MM-DD, numbers as written, rich text joined; a formula is refused. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if ('formula' in o || 'sharedFormula' in o) throw fail(M.formula);
    if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('');
    if ('text' in o) return String(o.text ?? '');
    if ('error' in o) return '';
    return '';
  }
  return String(v);
}

async function readXlsx(buf: Buffer): Promise<string[][]> {
  const names = zipNames(buf);
  // VBA (vbaProject.bin) or Excel 4.0 macro sheets (xl/macrosheets/): a macro-enabled workbook either way.
  if (names.some((n) => /vbaProject\.bin$/i.test(n) || (/\.bin$/i.test(n) && /macro/i.test(n)) || /^xl\/macrosheets\//i.test(n)))
    throw fail(M.macro);
  if (!names.includes('xl/workbook.xml')) throw fail(M.badType);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buf), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  // The zip's entries may come in any order (ExcelJS's own writer does not fix it: our template and
  // export sometimes put a sheet before xl/workbook.xml). The streaming reader then reads a sheet before it
  // knows the workbook and fails on its missing model; an empty one lets it go on, the sheet named later.
  const internals = reader as unknown as {
    model?: { sheets?: { id: number; name: string; rId: string }[] };
    workbookRels?: { Id: string; Target: string }[];
  };
  internals.model ??= {};
  // Every sheet is read in the order its entry comes; the data is the workbook's first sheet (the
  // template's explanation sheet comes after it), known for sure only once the whole zip has been read.
  const sheets: { id: unknown; name: string | undefined; rows: string[][] }[] = [];
  for await (const sheet of reader) {
    // Named from the workbook only if it was read by then; otherwise its id is its file's number.
    const named = Boolean(internals.model?.sheets);
    const rows: string[][] = [];
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      rows[row.number - 1] = values;
      if (row.number > IMPORT_MAX_ROWS + 1) throw fail(M.tooManyRows);
    }
    const s = sheet as unknown as { id: unknown; name?: string };
    sheets.push({ id: s.id, name: named ? s.name : undefined, rows });
  }
  const first = internals.model?.sheets?.[0];
  const target = first && internals.workbookRels?.find((r) => r.Id === first.rId)?.Target;
  const sheetNo = target?.match(/sheet(\d+)\.xml$/)?.[1];
  // A sheet read after the workbook carries its name; one read before it, the number of its file.
  const data = first ? sheets.find((s) => (s.name !== undefined ? s.name === first.name : String(s.id) === sheetNo)) : sheets[0];
  return Array.from(data?.rows ?? [], (r) => r ?? []);
}

/** Splits CSV text (RFC 4180 quotes; ';' or ',' decided by the header line). */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\ufeff/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRow();
      if (rows.length > IMPORT_MAX_ROWS + 1) throw fail(M.tooManyRows);
    } else cell += c;
  }
  if (cell !== '' || row.length) endRow();
  if (rows.length > IMPORT_MAX_ROWS + 1) throw fail(M.tooManyRows);
  // A cell this app's own export protected from spreadsheets ('=…' written as "'=…") reads back as it was.
  return rows.map((r) => r.map((v) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v)));
}

/** The file's grid, header row first, empty rows at the end dropped. */
export async function readImportFile(data: string): Promise<Grid> {
  const buf = decodeUpload(data);
  let kind: Grid['kind'];
  let rows: string[][];
  if (isZip(buf)) {
    kind = 'xlsx';
    rows = await readXlsx(buf).catch((err: unknown) => {
      if (err instanceof AppError) throw err;
      throw fail(M.badType);
    });
  } else if (isOle(buf)) {
    throw fail(M.oldExcel);
  } else {
    if (buf.includes(0)) throw fail(M.badType);
    const text = new TextDecoder('utf-8', { fatal: false }).decode(buf);
    if (text.includes('\ufffd')) throw fail(M.notUtf8);
    kind = 'csv';
    rows = parseCsv(text);
  }
  const blank = (r: string[]) => r.every((v) => v.trim() === '');
  while (rows.length && blank(rows[rows.length - 1]!)) rows.pop();
  if (rows.length === 0) throw fail(M.empty);
  return { kind, rows };
}
