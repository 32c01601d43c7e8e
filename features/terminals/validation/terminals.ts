// Attendance machines (docs/terminals.md): the admin's terminal form, the attlog upload and the PIN.
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';
import { PIN_PATTERN } from '@/features/terminals/lib/attlog';

export const PIN_MESSAGE = 'PIN mesin absensi harus 1–20 huruf atau angka';

/** The machine PIN on the employee form: empty clears it. */
export const machinePinField = z
  .string({ error: PIN_MESSAGE })
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
  .refine((v) => v === null || PIN_PATTERN.test(v), PIN_MESSAGE);

/** PUT /api/terminals/{id}: accept (with an office), rename, move to another office. */
export const terminalUpdateSchema = z.object({
  name: z
    .string({ error: 'Nama mesin tidak valid' })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v.length <= 100, 'Nama mesin maksimal 100 karakter'),
  officeId: uuidString('Kantor tidak valid'),
  accepted: z.literal(true, { error: 'Mesin hanya dapat disetujui di sini; hapus mesin untuk menolaknya' }).optional(),
});
export type TerminalUpdateInput = z.infer<typeof terminalUpdateSchema>;

/** The largest attlog/CSV file taken at once (a year of a 100-person office is about 2 MB). */
export const MAX_IMPORT_FILE_BYTES = 4 * 1024 * 1024;
export const MAX_IMPORT_PUNCHES = 20_000;

/** POST /api/attendance/import: the file as a data URL, the office whose clock it carries. */
export const attendanceImportSchema = z.object({
  filename: z
    .string({ error: 'Nama file harus diisi' })
    .trim()
    .min(1, 'Nama file harus diisi')
    .max(200, 'Nama file maksimal 200 karakter')
    .refine((v) => /\.(dat|txt|csv)$/i.test(v), 'File harus berupa attlog (.dat/.txt) atau CSV'),
  file: z
    .string({ error: 'File harus diisi' })
    .regex(/^data:[^,]*;base64,[A-Za-z0-9+/=\s]*$/, 'File harus dikirim sebagai data URL base64'),
  officeId: uuidString('Kantor harus dipilih'),
  terminalId: uuidString('Mesin tidak valid').nullish(),
});
export type AttendanceImportInput = z.infer<typeof attendanceImportSchema>;

export const importQuerySchema = z.object({ dryRun: z.enum(['0', '1', 'true', 'false']).optional() });
