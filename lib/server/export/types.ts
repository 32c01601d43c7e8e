// The generic export (docs/exports.md): a title, sheets of typed columns and rows, four formats.
// Rows of the detail sheet come from an async iterator (a keyset cursor), so no format holds them all.

import type { ExportFormat } from '@/lib/validation/exports';

export { EXPORT_FORMATS, type ExportFormat } from '@/lib/validation/exports';

/**
 * text: any text; number: a number (a count, minutes); date: a day 'YYYY-MM-DD'; time: an instant shown
 * as the wall-clock time of `zone(row)` (check-in, check-out).
 */
export type ColumnType = 'text' | 'number' | 'date' | 'time';

export type ExportValue = string | number | null;

export type ExportColumn<R> = {
  /** The JSON key. */
  key: string;
  /** The header (the spec's column names for the CSV). */
  header: string;
  type: ColumnType;
  /** text/number: the value; date: 'YYYY-MM-DD'; time: an ISO instant; null: empty. */
  value: (row: R) => ExportValue;
  /** The zone of a time column's row (the record's office). */
  zone?: (row: R) => string;
  /** Width in characters (XLSX) and relative width (PDF). */
  width?: number;
  /** Only in these formats (default: all). */
  only?: readonly ExportFormat[];
  /**
   * PDF: when the columns are wider than the page they are laid out in column groups, one table after the
   * other; a `repeat` column (the row's name) stands at the left of every group, and the columns of one
   * `group` (e.g. 'Lembur') stay in the same table when they fit on a page.
   */
  repeat?: boolean;
  group?: string;
};

export type ExportSheet<R = any> = {
  /** Sheet name (XLSX) and section heading (PDF). */
  name: string;
  columns: ExportColumn<R>[];
  rows: Iterable<R> | AsyncIterable<R>;
};

export type ExportDocument = {
  /** e.g. 'Riwayat Absensi' */
  title: string;
  companyName: string;
  /** e.g. '1 November 2026 – 30 November 2026' */
  periodLabel: string;
  /** JSON: the schema name and version of the rows (docs/exports.md). */
  schema: string;
  /** The file name without extension. */
  fileBase: string;
  /** A short sheet of totals first (XLSX, PDF, JSON); optional. */
  summary?: ExportSheet;
  /** The rows: the CSV is this sheet alone. */
  detail: ExportSheet;
  /**
   * CSV separator: ';' (Indonesian Excel, the default) or ','. It also sets the CSV's decimal mark: ';' goes
   * with the decimal comma (`12,5`, as Excel reads a number with Indonesian regional settings), ',' with
   * the decimal point (`12.5`).
   */
  separator?: ';' | ',';
  generatedAt?: Date;
};

export const columnsFor = <R>(sheet: ExportSheet<R>, format: ExportFormat) =>
  sheet.columns.filter((c) => !c.only || c.only.includes(format));
