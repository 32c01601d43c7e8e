import { z } from 'zod';
import { isValidDateKey } from '@/lib/dates';
import { divisionFilter } from '@/features/divisions/validation/divisions';
import { FACE_STATUSES, PERIOD_ORDER_MESSAGE, REVIEW_FILTERS } from '@/features/reports/validation/reports';

export const EXPORT_FORMATS = ['xlsx', 'pdf', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const format = z.preprocess(
  (v) => (v === '' || v === undefined ? 'csv' : v),
  z.enum(EXPORT_FORMATS, { error: 'Format harus xlsx, pdf, csv atau json' }),
);
/** CSV separator: semicolon (default, Indonesian Excel) or comma. */
const sep = z.preprocess(
  (v) => (v === '' || v === undefined ? 'semicolon' : v),
  z.enum(['semicolon', 'comma'], { error: 'Pemisah harus semicolon atau comma' }),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const dateKey = (label: string) =>
  z.preprocess(
    empty,
    z
      .string({ error: `${label} tidak valid` })
      .refine(isValidDateKey, { message: `${label} harus berformat YYYY-MM-DD` })
      .optional(),
  );
const uuid = (message: string) =>
  z.preprocess(
    empty,
    z
      .string({ error: message })
      .regex(UUID, { message })
      .transform((s) => s.toLowerCase())
      .optional(),
  );

/** The filters of the history lists, with no limit on the range: an export has no row cap. */
const filters = z
  .object({
    startDate: dateKey('Tanggal mulai'),
    endDate: dateKey('Tanggal selesai'),
    employee: uuid('ID karyawan tidak valid'),
    officeId: uuid('ID kantor tidak valid'),
    /** Divisi: one division, 'none' (people without one). */
    divisionId: divisionFilter,
    faceStatus: z.preprocess(empty, z.enum(FACE_STATUSES, { error: 'Status verifikasi wajah tidak valid' }).optional()),
    /** 'perlu': Perlu Tinjauan only, as the admin list's filter (so its export holds what the list shows); the others as there. */
    review: z.preprocess(empty, z.enum(REVIEW_FILTERS, { error: 'Filter tinjauan tidak valid' }).optional()),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, { path: ['startDate'], message: PERIOD_ORDER_MESSAGE });
export type ExportFilters = z.output<typeof filters>;

/** The history exports' query: the list's filters, `format` (csv by default) and `sep` for the CSV. */
export const historyExportQuerySchema = z.preprocess(
  (raw) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    const { format: f, sep: s, ...rest } = r;
    return { format: f, sep: s, q: rest };
  },
  z.object({ format, sep, q: filters }),
);
export type HistoryExportQuery = z.output<typeof historyExportQuerySchema>;
