// File penggajian (docs/exports.md): the preset a form saves and the download's query.
import { z } from 'zod';
import { MONTH_PATTERN } from '@/features/periods/validation/periods';
import { DATE_FORMATS, PAYROLL_COLUMN_KEYS, STANDARD_PRESET_ID } from '@/features/payroll/lib/columns';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** POST /api/payroll-presets, PUT /api/payroll-presets/{id} */
export const payrollPresetSchema = z.object({
  name: z
    .string({ error: 'Nama preset harus diisi' })
    .trim()
    .min(2, 'Nama preset minimal 2 karakter')
    .max(60, 'Nama preset maksimal 60 karakter')
    .transform((v) => v.replace(/\s+/g, ' ')),
  columns: z
    .array(
      z.object({
        key: z.enum(PAYROLL_COLUMN_KEYS, { error: 'Kolom tidak dikenal' }),
        header: z
          .string({ error: 'Judul kolom harus diisi' })
          .trim()
          .min(1, 'Judul kolom harus diisi')
          .max(60, 'Judul kolom maksimal 60 karakter'),
      }),
      { error: 'Pilih minimal satu kolom' },
    )
    .min(1, 'Pilih minimal satu kolom')
    .max(PAYROLL_COLUMN_KEYS.length, 'Terlalu banyak kolom')
    .refine((cols) => new Set(cols.map((c) => c.key)).size === cols.length, 'Setiap kolom hanya boleh dipilih sekali')
    .refine((cols) => new Set(cols.map((c) => c.header.toLowerCase())).size === cols.length, 'Judul kolom tidak boleh sama'),
  decimalSeparator: z.enum([',', '.'], { error: 'Pemisah desimal harus koma atau titik' }),
  decimals: z.union([z.literal(0), z.literal(1), z.literal(2), z.null()], { error: 'Jumlah desimal harus 0, 1, 2 atau otomatis' }),
  dateFormat: z.enum(DATE_FORMATS, { error: 'Format tanggal tidak valid' }),
  csvSeparator: z.enum([';', ','], { error: 'Pemisah CSV harus titik koma atau koma' }),
});
export type PayrollPresetInput = z.output<typeof payrollPresetSchema>;

/** GET /api/recap/payroll?month=YYYY-MM&preset=standar|{id}&format=csv|xlsx */
export const payrollFileQuery = z.object({
  month: z
    .string({ error: 'Periode wajib diisi (format YYYY-MM)' })
    .regex(MONTH_PATTERN, { error: 'Periode tidak valid (format YYYY-MM)' }),
  preset: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? STANDARD_PRESET_ID : v),
    z.union(
      [
        z.literal(STANDARD_PRESET_ID),
        z
          .string()
          .regex(UUID)
          .transform((s) => s.toLowerCase()),
      ],
      { error: 'Preset tidak valid' },
    ),
  ),
  format: z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? 'xlsx' : v),
    z.enum(['csv', 'xlsx'], { error: 'Format harus csv atau xlsx' }),
  ),
});
export type PayrollFileQuery = z.output<typeof payrollFileQuery>;
