// Report period and the admin attendance list filters: one set of rules for the pages and the routes.
import { z } from 'zod';
import { daysInclusive, isValidDateKey } from '@/lib/dates';
import { pageQueryFields, uuidString } from '@/lib/validation/common';
import { divisionFilter } from '@/features/divisions/validation/divisions';

export const PERIOD_ORDER_MESSAGE = 'Tanggal mulai tidak boleh setelah tanggal selesai';
export const PERIOD_RANGE_MESSAGE = 'Rentang waktu maksimal 1 tahun';
/** Spec: a range over 365 days (end minus start) is refused, so at most 366 calendar days. */
export const MAX_PERIOD_DAYS = 366;
export const FACE_STATUSES = ['pending', 'verified', 'flagged'] as const;
export type FaceStatus = (typeof FACE_STATUSES)[number];

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const dateKey = (label: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ error: `${label} tidak valid` })
      .refine(isValidDateKey, { message: `${label} harus berformat YYYY-MM-DD` })
      .optional(),
  );

/** Order first, then length, as the reports screen checks them; the messages are the spec's. */
export function periodIssue(startDate: string, endDate: string): { message: string; kind: 'order' | 'range' } | null {
  if (startDate > endDate) return { message: PERIOD_ORDER_MESSAGE, kind: 'order' };
  if (daysInclusive(startDate, endDate) > MAX_PERIOD_DAYS) return { message: PERIOD_RANGE_MESSAGE, kind: 'range' };
  return null;
}

function checkPeriod(v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (!v.startDate || !v.endDate) return;
  const issue = periodIssue(v.startDate, v.endDate);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.kind === 'order' ? 'startDate' : 'endDate'], message: issue.message });
}

/** GET /reports/summary: both dates required. */
const officeFilter = z.preprocess(emptyToUndefined, uuidString('ID kantor tidak valid').optional());

export const reportPeriodSchema = z
  .object({ startDate: dateKey('Tanggal mulai'), endDate: dateKey('Tanggal selesai'), officeId: officeFilter })
  .superRefine((v, ctx) => {
    if (!v.startDate) return void ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Tanggal mulai harus diisi' });
    if (!v.endDate) return void ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Tanggal selesai harus diisi' });
    checkPeriod(v, ctx);
  })
  .transform((v) => ({ startDate: v.startDate as string, endDate: v.endDate as string, officeId: v.officeId ?? null }));

export type ReportPeriod = z.output<typeof reportPeriodSchema>;

/** The review filters of GET /attendance/all and its export: Perlu Tinjauan ('perlu'), flagged and confirmed,
 * flagged and rejected, every record ever flagged (the approval inbox's "Semua"). */
export const REVIEW_FILTERS = ['perlu', 'dikonfirmasi', 'ditolak', 'ditandai'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** GET /attendance/all: every filter optional, all bounded; served in pages (`page`, `limit`). */
export const attendanceListQuerySchema = z
  .object({
    startDate: dateKey('Tanggal mulai'),
    endDate: dateKey('Tanggal selesai'),
    employee: z.preprocess(emptyToUndefined, uuidString('ID karyawan tidak valid').optional()),
    /** Newest first, a page at a time, as the employee history (lib/validation/common.ts). */
    ...pageQueryFields,
    faceStatus: z.preprocess(emptyToUndefined, z.enum(FACE_STATUSES, { error: 'Status verifikasi wajah tidak valid' }).optional()),
    /**
     * 'perlu': only records in Perlu Tinjauan (flagged for any reason, not decided yet); 'dikonfirmasi' /
     * 'ditolak': flagged records so decided; 'ditandai': every record ever flagged (the inbox's "Semua").
     */
    review: z.preprocess(emptyToUndefined, z.enum(REVIEW_FILTERS, { error: 'Filter tinjauan tidak valid' }).optional()),
    officeId: officeFilter,
    /** Divisi: one division, 'none' (people without one). */
    divisionId: divisionFilter,
  })
  .superRefine(checkPeriod);

export type AttendanceListQuery = z.output<typeof attendanceListQuerySchema>;

/** GET /api/dashboard/admin?officeId= (empty: every office). */
export const dashboardQuery = z.object({
  officeId: z.preprocess((v) => (v === '' ? undefined : v), uuidString('ID kantor tidak valid').optional()),
});
