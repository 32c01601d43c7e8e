// CSV for the history exports: quotes doubled, every cell quoted, and cells that a spreadsheet
// would run as a formula (= + - @, tab, CR) prefixed with an apostrophe.
const FORMULA_START = /^[=+\-@\t\r]/;
// Plain numbers and 'lat, lon' pairs (negative in Indonesia) cannot be formulas: keep them as they are.
const NUMERIC = /^-?\d+(\.\d+)?(,\s*-?\d+(\.\d+)?)?$/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !NUMERIC.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** `separator` ';' is what Excel with Indonesian regional settings expects (its list separator). */
export function toCsv(header: string[], rows: unknown[][], separator = ','): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(separator)).join('\r\n');
}

/** Starts a download of `content` in the browser (BOM so Excel reads UTF-8). */
export function downloadFile(filename: string, content: string, mime = 'text/csv;charset=utf-8') {
  const blob = new Blob([mime.startsWith('text/csv') ? '\ufeff' + content : content], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
