import { z } from 'zod';
import { attendanceListQuerySchema } from '@/lib/validation/reports';

export const EXPORT_FORMATS = ['xlsx', 'pdf', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const format = z.preprocess((v) => (v === '' || v === undefined ? 'csv' : v), z.enum(EXPORT_FORMATS, { error: 'Format harus xlsx, pdf, csv atau json' }));
/** CSV separator: semicolon (default, Indonesian Excel) or comma. */
const sep = z.preprocess((v) => (v === '' || v === undefined ? 'semicolon' : v), z.enum(['semicolon', 'comma'], { error: 'Pemisah harus semicolon atau comma' }));

/** The history exports' query: the list's filters, `format` (csv by default) and `sep` for the CSV. */
export const historyExportQuerySchema = z.preprocess(
  (raw) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const { format: f, sep: s, ...rest } = r;
    return { format: f, sep: s, q: rest };
  },
  z.object({ format, sep, q: attendanceListQuerySchema }),
);
export type HistoryExportQuery = z.output<typeof historyExportQuerySchema>;
