// Approvals (docs/leave.md, "Nothing stalls"; "Persetujuan"): a supervisor's delegate for a date range and
// the company's approval settings. One set of checks for the forms and the routes.
import { z } from 'zod';
import { daysInclusive } from '@/lib/dates';
import { uuidString } from '@/lib/validation/common';
import { dateKeyString } from '@/features/calendar/validation/calendar';

/** A delegation covers at most a year. */
export const MAX_DELEGATION_DAYS = 366;

/** POST /api/delegates: the caller's own delegate, or (admin, HR) a supervisor's (`supervisorId`). */
export const delegateSchema = z
  .object({
    supervisorId: uuidString('ID atasan tidak valid').optional(),
    delegateId: uuidString('Pengganti harus dipilih'),
    startDate: dateKeyString('Tanggal mulai'),
    endDate: dateKeyString('Tanggal selesai'),
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Tanggal selesai tidak boleh sebelum tanggal mulai' });
    else if (daysInclusive(v.startDate, v.endDate) > MAX_DELEGATION_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Rentang pengganti maksimal 366 hari' });
  });
export type DelegateInput = z.output<typeof delegateSchema>;

/** PUT /api/settings/approvals: one step enough when the only other approver is the same person; escalation delay. */
export const approvalSettingsSchema = z
  .object({
    singleStep: z.boolean({ error: 'Satu langkah harus ya atau tidak' }).optional(),
    escalationDays: z
      .number({ error: 'Batas eskalasi tidak valid' })
      .int('Batas eskalasi harus bilangan bulat')
      .min(0, 'Batas eskalasi tidak boleh negatif')
      .max(30, 'Batas eskalasi maksimal 30 hari kerja')
      .optional(),
  })
  .refine((v) => v.singleStep !== undefined || v.escalationDays !== undefined, {
    path: ['escalationDays'],
    message: 'Tidak ada pengaturan persetujuan yang diubah',
  });
export type ApprovalSettingsInput = z.output<typeof approvalSettingsSchema>;

/** GET /delegates/candidates: with `limit`, one page (from `page`, default 1) of the people matching `search`, the count in X-* headers (the picker). */
export const delegateCandidatesQuery = z.object({
  search: z.string().max(100, { error: 'Kata kunci terlalu panjang' }).optional(),
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
    .max(100, 'Batas maksimal 100')
    .optional(),
});
export type DelegateCandidatesQuery = z.output<typeof delegateCandidatesQuery>;
