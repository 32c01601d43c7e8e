// Overtime (lembur, docs/overtime.md): one set of checks for the forms and the routes.
import { z } from 'zod';
import { TIME_PATTERN, daysInclusive } from '@/lib/dates';
import { dateKeyString, uuidString } from '@/features/calendar/validation/calendar';
import { decisionSchema } from '@/features/approvals/validation/decision';
import { monthString, optionalPageQueryFields } from '@/lib/validation/common';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const time = (label: string) => z.string({ error: `${label} harus diisi` }).regex(TIME_PATTERN, `${label} harus berformat JJ:MM`);

/** How far back an employee may ask (after the day) and how far ahead (before it). */
export const OVERTIME_PAST_DAYS = 31;
export const OVERTIME_FUTURE_DAYS = 90;
export const MAX_OVERTIME_RANGE_DAYS = 366;

export const OVERTIME_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type OvertimeStatus = (typeof OVERTIME_STATUSES)[number];
export const OVERTIME_STATUS_LABELS: Record<OvertimeStatus, string> = {
  pending: 'Menunggu',
  approved: 'Disetujui',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
};

export const MSG = {
  own: 'Anda tidak dapat memproses pengajuan lembur Anda sendiri. Minta admin atau HR lain untuk memprosesnya.',
  notSupervisor: 'Hanya atasan, admin atau HR yang dapat memproses pengajuan lembur.',
  awaitingSupervisor: 'Pengajuan lembur menunggu persetujuan atasan terlebih dahulu. Untuk memutuskan menggantikan atasan, isi alasannya.',
  sameApprover: 'Langkah HR diputuskan oleh admin atau HR lain, bukan oleh yang sudah menyetujui sebagai atasan.',
  ownFiling: 'Lembur yang Anda tugaskan atau catat untuk karyawan diputuskan oleh admin atau HR lain.',
  supervisorDone: 'Pengajuan lembur sudah disetujui atasan dan menunggu keputusan HR',
  notStaff: 'Hanya admin atau HR yang dapat memproses pengajuan lembur.',
  notFound: 'Data lembur tidak ditemukan',
  processed: 'Pengajuan lembur ini sudah diproses',
  sameTime: 'Jam selesai tidak boleh sama dengan jam mulai',
  convertOwn: 'Anda hanya dapat mengganti lembur Anda sendiri dengan cuti pengganti.',
  convertPaid: 'Perusahaan membayar lembur dengan upah; lembur tidak dapat diganti cuti pengganti.',
  convertNotApproved: 'Hanya lembur yang sudah disetujui yang dapat diganti cuti pengganti.',
  convertDone: 'Lembur ini sudah diganti cuti pengganti.',
  convertNoFigures: 'Lembur belum dapat diganti cuti: jam lembur belum dihitung dari absensi (check-in dan check-out).',
  convertTooShort: (hours: string) => `Lembur ${hours} jam belum cukup untuk cuti pengganti: minimal 4 jam dibayar untuk setengah hari.`,
  noCompensatoryType: 'Jenis cuti pengganti tidak ditemukan.',
} as const;

export const overtimeCreateSchema = z
  .object({
    /** Admin or HR naming another employee: an assignment (penugasan), or with `onBehalf` overtime already
     * worked, recorded for them. Absent or self: an own request. */
    userId: z.preprocess(empty, uuidString('ID karyawan tidak valid').optional()),
    onBehalf: z.boolean({ error: 'Atas nama karyawan harus ya atau tidak' }).optional(),
    date: dateKeyString('Tanggal lembur'),
    startTime: time('Jam mulai'),
    endTime: time('Jam selesai'),
    reason: z
      .string({ error: 'Keterangan lembur harus diisi' })
      .transform((v) => v.trim())
      .refine((v) => v.length >= 5, 'Keterangan lembur minimal 5 karakter')
      .refine((v) => v.length <= 500, 'Keterangan lembur maksimal 500 karakter'),
    orderNumber: z
      .string({ error: 'Nomor SPKL tidak valid' })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
      .refine((v) => v === null || v.length <= 64, 'Nomor SPKL maksimal 64 karakter'),
  })
  .refine((v) => v.startTime !== v.endTime, { path: ['endTime'], message: MSG.sameTime });
export type OvertimeCreate = z.output<typeof overtimeCreateSchema>;

const note = z
  .string({ error: 'Catatan tidak valid' })
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
  .refine((v) => v === undefined || v.length <= 500, 'Catatan maksimal 500 karakter');

/** A note is optional on an approval and required on a rejection: the one decision body (features/approvals/validation/decision.ts). */
export const overtimeStatusSchema = decisionSchema;

export const overtimeConsentSchema = z.object({
  accept: z.boolean({ error: 'Pilih terima atau tolak' }),
  note,
});

const range = <T extends { startDate?: string; endDate?: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Tanggal selesai tidak boleh sebelum tanggal mulai' });
  else if (v.startDate && v.endDate && daysInclusive(v.startDate, v.endDate) > MAX_OVERTIME_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Rentang tanggal maksimal 366 hari' });
};

export const overtimeListQuerySchema = z
  .object({
    userId: z.preprocess(empty, uuidString('ID karyawan tidak valid').optional()),
    status: z.preprocess(empty, z.enum(OVERTIME_STATUSES, { error: 'Status tidak valid' }).optional()),
    startDate: z.preprocess(empty, dateKeyString('Tanggal mulai').optional()),
    endDate: z.preprocess(empty, dateKeyString('Tanggal selesai').optional()),
    /** The approval inbox's filters: the month of the shift day, the employee's home office. */
    month: z.preprocess(empty, monthString().optional()),
    officeId: z.preprocess(empty, uuidString('ID kantor tidak valid').optional()),
    /** With `page`, one page of `limit` rows (default 20), the total in X-Total-Count (docs/leave.md, "Persetujuan"). */
    ...optionalPageQueryFields(200),
  })
  .superRefine(range);
export type OvertimeListQuery = z.output<typeof overtimeListQuerySchema>;

export const overtimeRecapQuerySchema = z
  .object({ startDate: dateKeyString('Tanggal mulai'), endDate: dateKeyString('Tanggal selesai') })
  .superRefine(range);

/** How work on a rest day or holiday is settled (Settings.overtimeCompensation), with the page's labels. */
export const COMPENSATIONS = ['upah', 'cuti', 'pilihan'] as const;
export const COMPENSATION_LABELS: Record<(typeof COMPENSATIONS)[number], string> = {
  upah: 'Upah lembur',
  cuti: 'Cuti pengganti',
  pilihan: 'Pilihan karyawan',
};

/** The rounding steps an admin may choose (minutes); 1 = not rounded. */
export const ROUNDING_CHOICES = [1, 5, 10, 15, 30, 60] as const;
export const overtimeSettingsSchema = z
  .object({
    roundingMinutes: z
      .number({ error: 'Pembulatan harus berupa angka' })
      .int('Pembulatan tidak valid')
      .refine(
        (v) => (ROUNDING_CHOICES as readonly number[]).includes(v),
        `Pembulatan harus salah satu dari ${ROUNDING_CHOICES.join(', ')} menit`,
      )
      .optional(),
    /** Holiday rates for work on a cuti bersama day (opt-in; the law: an ordinary working day). */
    cutiBersamaHolidayRate: z.boolean({ error: 'Tarif lembur cuti bersama harus ya atau tidak' }).optional(),
    /** Work on a rest day or holiday: upah (paid), cuti (days off), pilihan (the employee's choice): docs/overtime.md. */
    compensation: z.enum(COMPENSATIONS, { error: 'Kompensasi harus upah, cuti atau pilihan' }).optional(),
    /** Days a Cuti Pengganti credit stays usable (docs/leave.md). */
    compensatoryExpiryDays: z
      .number({ error: 'Masa berlaku cuti pengganti harus berupa angka' })
      .int('Masa berlaku cuti pengganti harus bilangan bulat')
      .min(1, 'Masa berlaku cuti pengganti minimal 1 hari')
      .max(366, 'Masa berlaku cuti pengganti maksimal 366 hari')
      .optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    path: ['roundingMinutes'],
    message: 'Tidak ada pengaturan lembur yang diubah',
  });
export type OvertimeSettingsInput = z.output<typeof overtimeSettingsSchema>;
