// GET /api/audit filters (Log Audit page and route).
import { z } from 'zod';
import { isValidDateKey } from '@/lib/dates';
import { uuidString } from '@/lib/validation/common';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const uuid = (message: string) => z.preprocess(empty, uuidString(message).optional());
const dateKey = (label: string) => z.preprocess(empty, z.string().refine(isValidDateKey, `${label} harus berformat YYYY-MM-DD`).optional());

export const AUDIT_PAGE_LIMIT = 200;

export const auditQuerySchema = z
  .object({
    actorId: uuid('ID pelaku tidak valid'),
    targetUserId: uuid('ID karyawan tidak valid'),
    kind: z.preprocess(
      empty,
      z
        .string()
        .max(64, 'Jenis tidak valid')
        .regex(/^[a-z_.]+$/, 'Jenis tidak valid')
        .optional(),
    ),
    startDate: dateKey('Tanggal mulai'),
    endDate: dateKey('Tanggal selesai'),
    page: z.preprocess(
      empty,
      z.coerce
        .number({ error: 'Halaman tidak valid' })
        .int('Halaman tidak valid')
        .min(1, 'Halaman tidak valid')
        .max(100_000, 'Halaman tidak valid')
        .default(1),
    ),
    limit: z.preprocess(
      empty,
      z.coerce
        .number({ error: 'Batas tidak valid' })
        .int('Batas tidak valid')
        .min(1, 'Batas tidak valid')
        .max(AUDIT_PAGE_LIMIT, `Batas maksimal ${AUDIT_PAGE_LIMIT}`)
        .default(50),
    ),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    path: ['startDate'],
    message: 'Tanggal mulai tidak boleh setelah tanggal selesai',
  });

export type AuditQuery = z.output<typeof auditQuerySchema>;
