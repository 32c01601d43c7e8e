// The daily close and correction requests (Koreksi Absensi, docs/daily-close.md): one set of rules for
// the forms and the routes.
import { z } from 'zod';
import { TIME_PATTERN } from '@/lib/dates';
import { dateKeyString, rangeQuery, uuidString, MAX_CALENDAR_DAYS } from '@/features/calendar/validation/calendar';
import { decisionSchema } from '@/features/approvals/validation/decision';
import { monthString, optionalPageQueryFields } from '@/lib/validation/common';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

export const MSG = {
  own: 'Anda tidak dapat memproses koreksi absensi Anda sendiri. Minta admin atau HR lain untuk memprosesnya.',
  processed: 'Pengajuan koreksi ini sudah diproses',
  pendingExists: 'Masih ada pengajuan koreksi yang menunggu untuk tanggal ini',
  notFound: 'Pengajuan koreksi tidak ditemukan',
} as const;

/** How a day was classified, in the order the pages list them. */
export const DAY_RESULTS = ['hadir', 'alpa', 'cuti', 'izin', 'sakit', 'libur', 'istirahat', 'lupa_checkout', 'dinas_luar'] as const;
export type DayResult = (typeof DAY_RESULTS)[number];
export const DAY_RESULT_LABELS: Record<DayResult, string> = {
  hadir: 'Hadir',
  alpa: 'Tidak Hadir',
  cuti: 'Cuti',
  izin: 'Izin',
  sakit: 'Sakit',
  libur: 'Libur',
  istirahat: 'Hari Istirahat',
  lupa_checkout: 'Lupa check-out',
  dinas_luar: 'Dinas Luar',
};

export const CORRECTION_KINDS = ['tambah_jam', 'dinas_luar', 'sanggah_alpa'] as const;
export type CorrectionKindValue = (typeof CORRECTION_KINDS)[number];
export const CORRECTION_KIND_LABELS: Record<CorrectionKindValue, string> = {
  tambah_jam: 'Tambah jam check-in / check-out',
  dinas_luar: 'Dinas luar',
  sanggah_alpa: 'Sanggah tidak hadir (alpa)',
};
export const CORRECTION_STATUS_LABELS = { pending: 'Menunggu', approved: 'Disetujui', rejected: 'Ditolak' } as const;

/** How far back a day may be corrected (the same bound as the close's catch-up). */
export const CORRECTION_MAX_AGE_DAYS = 62;

const time = (label: string) =>
  z.preprocess(
    empty,
    z
      .string({ error: `${label} tidak valid (HH:mm)` })
      .regex(TIME_PATTERN, `${label} tidak valid (HH:mm)`)
      .optional(),
  );

export const correctionSchema = z
  .object({
    /** Admin's direct correction of another employee's day; absent: the caller's own request. */
    userId: z.preprocess(empty, uuidString('ID karyawan tidak valid').optional()),
    date: dateKeyString('Tanggal'),
    kind: z.enum(CORRECTION_KINDS, { error: 'Jenis koreksi tidak valid' }),
    checkIn: time('Jam check-in'),
    checkOut: time('Jam check-out'),
    note: z.preprocess(empty, z.string({ error: 'Keterangan tidak valid' }).trim().max(500, 'Keterangan maksimal 500 karakter').optional()),
    reason: z
      .string({ error: 'Alasan koreksi harus diisi' })
      .trim()
      .min(5, 'Alasan koreksi minimal 5 karakter')
      .max(500, 'Alasan koreksi maksimal 500 karakter'),
    attachment: z
      .object({
        name: z.string({ error: 'Nama lampiran tidak valid' }).max(200, 'Nama lampiran terlalu panjang').optional(),
        data: z.string({ error: 'Lampiran tidak valid' }).min(1, 'Lampiran tidak valid'),
      })
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'tambah_jam' && !v.checkIn && !v.checkOut)
      ctx.addIssue({ code: 'custom', path: ['checkIn'], message: 'Isi jam check-in atau jam check-out yang terlewat' });
    if (v.kind === 'dinas_luar' && !v.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Tuliskan tempat dan keperluan dinas luar' });
    if (v.checkIn && v.checkOut && v.checkIn === v.checkOut)
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Jam check-out tidak boleh sama dengan jam check-in' });
  });
export type CorrectionInput = z.output<typeof correctionSchema>;

export const correctionListQuery = z.object({
  status: z.preprocess(empty, z.enum(['pending', 'approved', 'rejected'], { error: 'Status tidak valid' }).optional()),
  userId: z.preprocess(empty, uuidString('ID karyawan tidak valid').optional()),
  /** The approval inbox's filters: the month of the corrected day, the employee's home office. */
  month: z.preprocess(empty, monthString().optional()),
  officeId: z.preprocess(empty, uuidString('ID kantor tidak valid').optional()),
  /** With `page`, one page of `limit` rows (default 20), the total in X-Total-Count (docs/leave.md, "Persetujuan"). */
  ...optionalPageQueryFields(200),
});
export type CorrectionListQuery = z.output<typeof correctionListQuery>;

/** A note is optional on an approval and required on a rejection: the one decision body (features/approvals/validation/decision.ts). */
export const correctionDecisionSchema = decisionSchema;
export type CorrectionDecisionInput = z.output<typeof correctionDecisionSchema>;

export const daysQuery = rangeQuery(MAX_CALENDAR_DAYS, 'Rentang waktu maksimal 1 tahun');
export type DaysQuery = z.output<typeof daysQuery>;

export const closeQuery = z.object({
  date: dateKeyString('Tanggal'),
  officeId: z.preprocess(empty, uuidString('ID kantor tidak valid').optional()),
});
export type CloseQuery = z.output<typeof closeQuery>;

export const TIME_INPUT_PATTERN = TIME_PATTERN;
