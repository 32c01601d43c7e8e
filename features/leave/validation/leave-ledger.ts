// Leave types, balances, cancellation, attachments and the team calendar (docs/leave.md): the shapes the
// API accepts, shared with the forms (what it returns: features/leave/types/).
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';
import { DURATION_UNITS } from '@/features/leave/lib/duration';

/** The spec's four type values (as in features/leave/validation/leave.ts, repeated here to avoid an import cycle). */
const LEAVE_TYPES = ['cuti', 'sakit', 'keluarga', 'lainnya'] as const;

export const LEAVE_CATEGORIES = ['cuti', 'izin', 'sakit'] as const;
export type LeaveCategory = (typeof LEAVE_CATEGORIES)[number];
export const HALF_DAYS = ['pagi', 'siang'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];
export const LEDGER_KINDS = [
  'grant',
  'deduction',
  'reversal',
  'carry_over',
  'expiry',
  'cuti_bersama',
  'cuti_bersama_reversal',
  'adjustment',
  'correction',
  'opening_balance',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  grant: 'Hak cuti tahunan',
  deduction: 'Cuti disetujui',
  reversal: 'Cuti dibatalkan',
  carry_over: 'Sisa tahun lalu',
  expiry: 'Hangus',
  cuti_bersama: 'Cuti bersama',
  cuti_bersama_reversal: 'Masuk saat cuti bersama',
  adjustment: 'Penyesuaian',
  correction: 'Koreksi perhitungan',
  opening_balance: 'Saldo awal (impor)',
};

/** Attachments (surat dokter): a PDF or a JPEG, PNG or WebP image, decided by the bytes, at most 2 MB. */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_MIMES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** Hourly permission: at most a working day's hours, in half hours. */
export const MAX_PERMISSION_HOURS = 8;

const num = (msg: string) => z.number({ error: msg }).finite(msg);
const optNum = (msg: string) => num(msg).min(0, msg).nullable().optional();

/** POST/PUT /api/leave-types. */
export const leaveTypeSchema = z.object({
  name: z
    .string({ error: 'Nama jenis cuti harus diisi' })
    .trim()
    .min(2, 'Nama jenis cuti minimal 2 karakter')
    .max(100, 'Nama jenis cuti maksimal 100 karakter'),
  category: z.enum(LEAVE_CATEGORIES, { error: 'Kategori harus cuti, izin atau sakit' }),
  legacyType: z.enum(LEAVE_TYPES, { error: 'Jenis (type) tidak valid' }).optional(),
  deductsBalance: z.boolean({ error: 'Potong saldo harus ya atau tidak' }).optional(),
  quotaPerEvent: optNum('Kuota per peristiwa tidak valid').refine(
    (v) => v == null || (v >= 0.5 && v <= 366),
    'Kuota per peristiwa antara 0,5 dan 366 hari',
  ),
  quotaPerYear: optNum('Kuota per tahun tidak valid').refine((v) => v == null || v <= 366, 'Kuota per tahun maksimal 366 hari'),
  halfDayAllowed: z.boolean({ error: 'Setengah hari harus ya atau tidak' }).optional(),
  hourlyAllowed: z.boolean({ error: 'Izin per jam harus ya atau tidak' }).optional(),
  attachmentRequired: z.boolean({ error: 'Lampiran wajib harus ya atau tidak' }).optional(),
  attachmentFromDays: optNum('Lampiran wajib mulai hari ke- tidak valid').refine(
    (v) => v == null || v <= 366,
    'Lampiran wajib mulai hari ke- maksimal 366',
  ),
  calendarDays: z.boolean({ error: 'Hitungan hari harus ya atau tidak' }).optional(),
  /** hari, or bulan: quota, longest request and attachment threshold in calendar months (counted in calendar days). */
  durationUnit: z.enum(DURATION_UNITS, { error: 'Satuan durasi harus hari atau bulan' }).optional(),
  maxDays: optNum('Durasi maksimal tidak valid').refine(
    (v) => v == null || (v >= 0.5 && v <= 366),
    'Durasi maksimal antara 0,5 dan 366 hari',
  ),
  minNoticeDays: z
    .number({ error: 'Pemberitahuan minimal tidak valid' })
    .int('Pemberitahuan minimal harus bilangan bulat')
    .min(0, 'Pemberitahuan minimal tidak boleh negatif')
    .max(365, 'Pemberitahuan minimal maksimal 365 hari')
    .optional(),
  /** How many days back a request may start (Sakit: 7; 0: from today on). */
  backdateDays: z
    .number({ error: 'Batas pengajuan mundur tidak valid' })
    .int('Batas pengajuan mundur harus bilangan bulat')
    .min(0, 'Batas pengajuan mundur tidak boleh negatif')
    .max(90, 'Batas pengajuan mundur maksimal 90 hari')
    .optional(),
  paid: z.boolean({ error: 'Dibayar harus ya atau tidak' }).optional(),
  active: z.boolean({ error: 'Aktif harus ya atau tidak' }).optional(),
});
export type LeaveTypeInput = z.output<typeof leaveTypeSchema>;

/** POST /api/leaves/balance/{userId}/adjust: a non-zero number of half days and a reason. */
export const balanceAdjustSchema = z.object({
  days: num('Jumlah hari harus berupa angka')
    .refine((v) => v !== 0, 'Jumlah hari tidak boleh 0')
    .refine((v) => Math.abs(v) <= 366, 'Jumlah hari maksimal 366')
    .refine((v) => Number.isInteger(v * 2), 'Jumlah hari harus kelipatan 0,5'),
  reason: z
    .string({ error: 'Alasan penyesuaian harus diisi' })
    .trim()
    .min(5, 'Alasan penyesuaian minimal 5 karakter')
    .max(500, 'Alasan penyesuaian maksimal 500 karakter'),
  leaveTypeId: uuidString('Jenis cuti tidak valid').optional(),
});
export type BalanceAdjustInput = z.output<typeof balanceAdjustSchema>;

/** POST /api/leaves/{id}/cancel and the decision note. */
export const leaveCancelSchema = z.object({
  note: z.string({ error: 'Catatan tidak valid' }).trim().max(500, 'Catatan maksimal 500 karakter').optional(),
});

/** GET /api/leaves/calendar?month=YYYY-MM&officeId= */
export const leaveCalendarQuery = z.object({
  month: z.string({ error: 'Bulan harus diisi (YYYY-MM)' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berformat YYYY-MM'),
  officeId: uuidString('Kantor tidak valid').optional(),
});
export type LeaveCalendarQuery = z.output<typeof leaveCalendarQuery>;

/** An attachment in the apply body: a data URL or plain base64, with an optional file name. */
export const attachmentSchema = z
  .object({
    name: z.string().trim().max(200, 'Nama lampiran maksimal 200 karakter').optional(),
    data: z.string({ error: 'Lampiran tidak valid' }).min(1, 'Lampiran tidak valid'),
  })
  .nullable()
  .optional();

/** The leave policy (docs/leave.md): GET/PUT /api/settings/leave-policy. */
export const LEAVE_GRANT_BASES = ['awal_tahun', 'ulang_tahun_kerja'] as const;
export const LEAVE_ELIGIBILITIES = ['setelah_12_bulan', 'pro_rata'] as const;
export type LeaveGrantBasis = (typeof LEAVE_GRANT_BASES)[number];
export type LeaveEligibility = (typeof LEAVE_ELIGIBILITIES)[number];
export const GRANT_BASIS_LABELS: Record<LeaveGrantBasis, string> = {
  awal_tahun: 'Setiap 1 Januari',
  ulang_tahun_kerja: 'Setiap ulang tahun kerja (tanggal bergabung)',
};
export const ELIGIBILITY_LABELS: Record<LeaveEligibility, string> = {
  setelah_12_bulan: 'Setelah 12 bulan bekerja (UU Ketenagakerjaan)',
  pro_rata: 'Pro rata sejak tanggal bergabung',
};
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const leavePolicySchema = z
  .object({
    grantBasis: z.enum(LEAVE_GRANT_BASES, { error: 'Waktu pemberian hak cuti tidak valid' }),
    eligibility: z.enum(LEAVE_ELIGIBILITIES, { error: 'Syarat hak cuti tidak valid' }),
    proRataDaysPerMonth: num('Hak cuti per bulan tidak valid')
      .refine((v) => v > 0 && v <= 31, 'Hak cuti per bulan antara 0 dan 31 hari')
      .refine((v) => Number.isInteger(v * 4), 'Hak cuti per bulan harus kelipatan 0,25')
      .nullable(),
    carryOverMaxDays: num('Maksimal sisa cuti dibawa tidak valid')
      .refine((v) => v >= 0 && v <= 366, 'Maksimal sisa cuti dibawa antara 0 dan 366 hari')
      .refine((v) => Number.isInteger(v * 2), 'Maksimal sisa cuti dibawa harus kelipatan 0,5'),
    carryOverExpiryMonth: z
      .number({ error: 'Bulan hangus tidak valid' })
      .int('Bulan hangus tidak valid')
      .min(1, 'Bulan hangus tidak valid')
      .max(12, 'Bulan hangus tidak valid'),
    carryOverExpiryDay: z
      .number({ error: 'Tanggal hangus tidak valid' })
      .int('Tanggal hangus tidak valid')
      .min(1, 'Tanggal hangus tidak valid')
      .max(31, 'Tanggal hangus tidak valid'),
    employeeCancelApproved: z.boolean({ error: 'Pembatalan oleh karyawan harus ya atau tidak' }),
  })
  .superRefine((v, ctx) => {
    if (v.carryOverExpiryDay > DAYS_IN_MONTH[v.carryOverExpiryMonth - 1]!) {
      ctx.addIssue({ code: 'custom', path: ['carryOverExpiryDay'], message: 'Tanggal hangus tidak ada pada bulan tersebut' });
    }
  });
export type LeavePolicyInput = z.output<typeof leavePolicySchema>;
