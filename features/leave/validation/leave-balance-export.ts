// GET /leaves/balances/export (Saldo Cuti Karyawan, admin and HR; docs/leave.md): the query it accepts.
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';
import { EXPORT_FORMATS } from '@/lib/validation/exports';
import { divisionFilter } from '@/features/divisions/validation/divisions';

/**
 * `format` (csv by default), `sep=comma` for the CSV, and the employee list's filters: `search` (name, NIK,
 * e-mail), `officeId` (home office) and `divisionId` (a division, or 'none': people without one).
 */
export const balanceExportQuery = z.object({
  format: z.preprocess(
    (v) => (v === '' || v === undefined ? 'csv' : v),
    z.enum(EXPORT_FORMATS, { error: 'Format harus xlsx, pdf, csv atau json' }),
  ),
  sep: z.preprocess(
    (v) => (v === '' || v === undefined ? 'semicolon' : v),
    z.enum(['semicolon', 'comma'], { error: 'Pemisah harus semicolon atau comma' }),
  ),
  search: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string({ error: 'Kata kunci tidak valid' }).max(100, 'Kata kunci terlalu panjang').optional(),
  ),
  officeId: z.preprocess((v) => (v === '' ? undefined : v), uuidString('ID kantor tidak valid').optional()),
  divisionId: divisionFilter,
});
export type BalanceExportQuery = z.output<typeof balanceExportQuery>;
