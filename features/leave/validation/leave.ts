// Leave rules (docs/leave.md), checked in a fixed order so the first failure is the one message shown;
// one set of checks for the form and the route.
import { z } from 'zod';
import { isValidDateKey } from '@/lib/dates';
import { UUID_PATTERN, isBlank, looseString, uuidParam } from '@/lib/validation/common';
import { attachmentSchema, HALF_DAYS, MAX_PERMISSION_HOURS } from '@/features/leave/validation/leave-ledger';
import { decisionFields, requireRejectReason } from '@/features/approvals/validation/decision';

/**
 * What an hourly permission is for (docs/leave.md, "Hourly permissions"): its approved hours cover that
 * many minutes of lateness (datang terlambat) or early leave (pulang cepat) in the day's figures; keluar
 * kantor (leaving the office for a while) covers neither.
 */
export const PERMIT_KINDS = ['datang_terlambat', 'pulang_cepat', 'keluar_kantor'] as const;
export type PermitKind = (typeof PERMIT_KINDS)[number];
export const PERMIT_KIND_LABELS: Record<PermitKind, string> = {
  datang_terlambat: 'Datang terlambat',
  pulang_cepat: 'Pulang cepat',
  keluar_kantor: 'Keluar kantor',
};

export const LEAVE_TYPES = ['cuti', 'sakit', 'keluarga', 'lainnya'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

export const LEAVE_TYPE_LABELS: Record<LeaveType, string> = {
  cuti: 'Cuti Tahunan',
  sakit: 'Sakit',
  keluarga: 'Keluarga',
  lainnya: 'Lainnya',
};

export const MIN_REASON = 10;
export const MAX_REASON = 1000;
/** One request covers at most a year; longer spans are almost certainly typing mistakes. */
export const MAX_LEAVE_DAYS = 366;
/** How far ahead a leave may start: a year from today (office calendar). */
export const MAX_LEAVE_HORIZON_DAYS = 365;
/** Requests one employee may have waiting at once: a flood cannot bury other employees' requests. */
export const MAX_PENDING_LEAVES = 10;

export const MSG = {
  typeRequired: 'Jenis cuti harus dipilih',
  typeInvalid: 'Jenis cuti tidak valid',
  startRequired: 'Tanggal mulai harus diisi',
  endRequired: 'Tanggal selesai harus diisi',
  dateInvalid: 'Format tanggal tidak valid',
  startPast: 'Tanggal mulai tidak boleh sebelum hari ini',
  startTooFar: 'Tanggal mulai maksimal 1 tahun dari hari ini',
  tooManyPending: `Anda masih memiliki ${MAX_PENDING_LEAVES} pengajuan cuti yang menunggu persetujuan. Tunggu hingga diproses sebelum mengajukan lagi.`,
  ownLeave: 'Anda tidak dapat memproses pengajuan cuti Anda sendiri. Minta admin atau HR lain untuk memprosesnya.',
  processed: 'Pengajuan cuti sudah diproses',
  notFound: 'Pengajuan cuti tidak ditemukan',
  notSupervisor: 'Hanya atasan, admin atau HR yang dapat memproses pengajuan cuti.',
  awaitingSupervisor: 'Pengajuan menunggu persetujuan atasan terlebih dahulu. Untuk memutuskan menggantikan atasan, isi alasannya.',
  sameApprover: 'Langkah HR diputuskan oleh admin atau HR lain, bukan oleh yang sudah menyetujui sebagai atasan.',
  startBackdate: (name: string, days: number) => `${name} dapat diajukan paling lambat ${days} hari setelah tanggal mulai`,
  forEmployee: 'Pengajuan atas nama orang lain hanya untuk karyawan',
  supervisorDone: 'Pengajuan sudah disetujui atasan dan menunggu keputusan HR',
  notStaff: 'Hanya admin atau HR yang dapat memproses pengajuan cuti.',
  endBeforeStart: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  tooLong: 'Durasi cuti maksimal 366 hari',
  reasonRequired: 'Alasan cuti harus diisi',
  reasonShort: 'Alasan cuti minimal 10 karakter',
  reasonLong: 'Alasan cuti maksimal 1000 karakter',
} as const;

export const isLeaveType = (v: unknown): v is LeaveType => typeof v === 'string' && (LEAVE_TYPES as readonly string[]).includes(v);

/** Label of a type; unknown or missing values read as the default 'Cuti'. */
export function leaveTypeLabel(type: string | null | undefined): string {
  return isLeaveType(type) ? LEAVE_TYPE_LABELS[type] : 'Cuti';
}

type LeaveFields = { type: string; startDate: string; endDate: string; reason: string };

/** Whole days from a to b (date keys), without timezone shifts. */
const dayDiff = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/**
 * The spec's leave-form rules in order; `today` (office timezone) adds the start-date minimum.
 * Returns false at the first failure so a form shows one message at a time.
 */
export function checkLeaveFields(v: LeaveFields, ctx: z.RefinementCtx, today?: string, typeOptional = false): boolean {
  const fail = (path: keyof LeaveFields, message: string) => (ctx.addIssue({ code: 'custom', path: [path], message }), false);
  if (!(typeOptional && isBlank(v.type))) {
    if (isBlank(v.type)) return fail('type', MSG.typeRequired);
    if (!isLeaveType(v.type)) return fail('type', MSG.typeInvalid);
  }
  if (isBlank(v.startDate)) return fail('startDate', MSG.startRequired);
  if (isBlank(v.endDate)) return fail('endDate', MSG.endRequired);
  if (!isValidDateKey(v.startDate)) return fail('startDate', MSG.dateInvalid);
  if (!isValidDateKey(v.endDate)) return fail('endDate', MSG.dateInvalid);
  if (today && v.startDate < today) return fail('startDate', MSG.startPast);
  if (today && dayDiff(today, v.startDate) > MAX_LEAVE_HORIZON_DAYS) return fail('startDate', MSG.startTooFar);
  if (v.endDate < v.startDate) return fail('endDate', MSG.endBeforeStart);
  if (dayDiff(v.startDate, v.endDate) + 1 > MAX_LEAVE_DAYS) return fail('endDate', MSG.tooLong);
  if (isBlank(v.reason)) return fail('reason', MSG.reasonRequired);
  if (v.reason.trim().length < MIN_REASON) return fail('reason', MSG.reasonShort);
  if (v.reason.trim().length > MAX_REASON) return fail('reason', MSG.reasonLong);
  return true;
}

const fieldsShape = { type: looseString, startDate: looseString, endDate: looseString, reason: looseString };

/** The 'Ajukan Cuti' form; `today` is the office's calendar day. */
export function leaveFormSchema(today?: string) {
  return z.object(fieldsShape).superRefine((v, ctx) => void checkLeaveFields(v, ctx, today));
}

/**
 * POST /leaves/apply: {userId, type | leaveTypeId, startDate, endDate, reason, halfDay, hours, attachment}.
 * userId is optional: the caller's own, or (admin, HR) the employee filed for (the service checks); the start-date window needs the
 * office's 'today', and the type's policy decides the rest, so the service checks those.
 */
export const leaveApplySchema = z
  .object({
    ...fieldsShape,
    userId: z.unknown().optional(),
    leaveTypeId: z.string({ error: 'Jenis cuti tidak valid' }).regex(UUID_PATTERN, 'Jenis cuti tidak valid').nullable().optional(),
    halfDay: z.enum(HALF_DAYS, { error: 'Setengah hari harus pagi atau siang' }).nullable().optional(),
    hours: z
      .number({ error: 'Jumlah jam tidak valid' })
      .finite('Jumlah jam tidak valid')
      .min(0.5, 'Izin minimal 0,5 jam')
      .max(MAX_PERMISSION_HOURS, `Izin maksimal ${MAX_PERMISSION_HOURS} jam`)
      .refine((h) => Number.isInteger(h * 2), 'Jumlah jam harus kelipatan 0,5')
      .nullable()
      .optional(),
    permitKind: z.enum(PERMIT_KINDS, { error: 'Jenis izin harus datang terlambat, pulang cepat atau keluar kantor' }).nullable().optional(),
    attachment: attachmentSchema,
  })
  .superRefine((v, ctx) => {
    if (!checkLeaveFields(v, ctx, undefined, !!v.leaveTypeId)) return;
    if ((v.halfDay || v.hours) && v.startDate !== v.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Setengah hari dan izin per jam hanya untuk satu tanggal' });
    } else if (v.halfDay && v.hours) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'Pilih setengah hari atau izin per jam, tidak keduanya' });
    } else if (v.permitKind && !v.hours) {
      ctx.addIssue({ code: 'custom', path: ['permitKind'], message: 'Jenis izin hanya untuk izin per jam' });
    }
  })
  .transform((v) => ({
    // Not a string (a number, an object, even one whose toString is not a function): its JSON, never a match for an id.
    userId: typeof v.userId === 'string' ? v.userId : v.userId == null ? undefined : JSON.stringify(v.userId),
    type: isLeaveType(v.type) ? v.type : undefined,
    leaveTypeId: v.leaveTypeId ? v.leaveTypeId.toLowerCase() : undefined,
    halfDay: v.halfDay ?? undefined,
    hours: v.hours ?? undefined,
    permitKind: v.permitKind ?? undefined,
    attachment: v.attachment ?? undefined,
    startDate: v.startDate,
    endDate: v.endDate,
    reason: v.reason.trim(),
  }));

export type LeaveApplyInput = z.output<typeof leaveApplySchema>;

/**
 * PUT /leaves/{id}/status: the processor comes from the session; a body's `processedBy` is ignored. A note
 * is optional on an approval and required on a rejection (the reason the employee reads).
 */
export const leaveStatusSchema = z.object({ ...decisionFields, processedBy: z.unknown().optional() }).superRefine(requireRejectReason);

/** A user id in the path: anything but a UUID is refused before any query runs. */
export const userIdParam = uuidParam('userId', 'ID karyawan tidak valid');

/**
 * GET /leaves/all: optional status filter and a bound on the list; with `page`, one page of `limit` rows
 * (default 20), optionally of a month the leave touches and of an office (the employee's home office).
 */
export const leaveListQuery = z.object({
  status: z.enum(LEAVE_STATUSES, { error: 'Status tidak valid' }).optional(),
  page: z.coerce.number({ error: 'Halaman tidak valid' }).int('Halaman tidak valid').min(1, 'Halaman tidak valid').optional(),
  month: z
    .string({ error: 'Bulan tidak valid' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan tidak valid (YYYY-MM)')
    .optional(),
  officeId: z.string({ error: 'Kantor tidak valid' }).regex(UUID_PATTERN, 'Kantor tidak valid').optional(),
  limit: z.coerce
    .number({ error: 'Limit tidak valid' })
    .int('Limit tidak valid')
    .min(1, 'Limit tidak valid')
    .max(2000, 'Limit maksimal 2000')
    .optional(),
});

export type LeaveListQuery = z.output<typeof leaveListQuery>;
