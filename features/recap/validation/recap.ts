import { z } from 'zod';
import { EXPORT_FORMATS } from '@/lib/validation/exports';
import { MONTH_PATTERN } from '@/features/periods/validation/periods';
import { divisionFilter } from '@/features/divisions/validation/divisions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

const month = z
  .string({ error: 'Periode wajib diisi (format YYYY-MM)' })
  .regex(MONTH_PATTERN, { error: 'Periode tidak valid (format YYYY-MM)' });
const officeId = z.preprocess(
  empty,
  z
    .string({ error: 'ID kantor tidak valid' })
    .regex(UUID, { error: 'ID kantor tidak valid' })
    .transform((s) => s.toLowerCase())
    .optional(),
);

/** GET /api/recap?month=YYYY-MM&officeId=&divisionId= (a division's id, or 'none') */
/** Most employee rows one page of GET /api/recap?page= carries. */
export const RECAP_PAGE_LIMIT = 200;
export const recapQuery = z.object({
  month,
  officeId,
  divisionId: divisionFilter,
  /** One page (from 1) of `limit` employee rows (default 20); without it, every row (the export's and the close's view). */
  page: z.coerce
    .number({ error: 'Halaman tidak valid' })
    .int('Halaman tidak valid')
    .min(1, 'Halaman tidak valid')
    .max(100_000, 'Halaman tidak valid')
    .optional(),
  limit: z.coerce
    .number({ error: 'Batas tidak valid' })
    .int('Batas tidak valid')
    .min(1, 'Batas tidak valid')
    .max(RECAP_PAGE_LIMIT, `Batas maksimal ${RECAP_PAGE_LIMIT}`)
    .optional(),
});
export type RecapQuery = z.output<typeof recapQuery>;

/** GET /api/recap/{userId}?month=YYYY-MM */
export const recapUserParams = z.object({
  userId: z
    .string({ error: 'ID karyawan tidak valid' })
    .regex(UUID, { error: 'ID karyawan tidak valid' })
    .transform((s) => s.toLowerCase()),
});
export const recapUserQuery = z.object({ month });

/** GET /api/recap/export?month&officeId&format=xlsx|pdf|csv|json&sep=comma */
export const recapExportQuery = z.object({
  month,
  officeId,
  divisionId: divisionFilter,
  format: z.preprocess(
    (v) => (v === '' || v === undefined ? 'xlsx' : v),
    z.enum(EXPORT_FORMATS, { error: 'Format harus xlsx, pdf, csv atau json' }),
  ),
  sep: z.preprocess(
    (v) => (v === '' || v === undefined ? 'semicolon' : v),
    z.enum(['semicolon', 'comma'], { error: 'Pemisah harus semicolon atau comma' }),
  ),
});
export type RecapExportQuery = z.output<typeof recapExportQuery>;

/** The colour of a day's status in the drill-down calendar (a token the page maps to its palette). */
export const DAY_COLORS: Record<string, string> = {
  hadir: 'green',
  dinas_luar: 'teal',
  alpa: 'red',
  lupa_checkout: 'orange',
  cuti: 'blue',
  izin: 'purple',
  sakit: 'yellow',
  libur: 'gray',
  istirahat: 'gray',
  belum_ditutup: 'white',
  belum_bergabung: 'none',
  nonaktif: 'none',
};
