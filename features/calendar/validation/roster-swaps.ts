// Tukar Jadwal (docs/calendar.md, "Tukar jadwal"): a swap of one date's shifts with a colleague of the same
// office, or one's own shift changed for a day. One set of checks for the form and the routes.
import { z } from 'zod';
import { TIME_PATTERN } from '@/lib/dates';
import { dateKeyString, uuidString } from '@/features/calendar/validation/calendar';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const time = (label: string) => z.string({ error: `${label} harus berformat HH:MM` }).regex(TIME_PATTERN, `${label} harus berformat HH:MM`);

export const SWAP_STATUS_LABELS = {
  menunggu_rekan: 'Menunggu persetujuan rekan',
  menunggu_persetujuan: 'Menunggu persetujuan atasan/HR',
  approved: 'Disetujui',
  rejected: 'Ditolak',
} as const;
export type SwapStatus = keyof typeof SWAP_STATUS_LABELS;

export const SWAP_MSG = {
  employeeOnly: 'Hanya karyawan yang dapat mengajukan tukar jadwal.',
  self: 'Pilih rekan lain, bukan diri sendiri.',
  partner: 'Rekan tidak ditemukan di kantor yang sama.',
  past: 'Tukar jadwal hanya untuk hari ini atau sesudahnya.',
  tooFar: 'Tukar jadwal paling jauh 90 hari ke depan.',
  sameShift: 'Jadwal Anda dan rekan pada tanggal itu sama; tidak ada yang ditukar.',
  notEmployed: 'Tanggal itu di luar masa kerja Anda atau rekan.',
  overlap: 'Sudah ada pengajuan tukar jadwal yang belum selesai pada tanggal itu.',
  notFound: 'Pengajuan tukar jadwal tidak ditemukan',
  processed: 'Pengajuan tukar jadwal ini sudah diproses',
  consentOnly: 'Hanya rekan yang diajak yang dapat menyetujui tukar jadwal ini.',
  notApprover: 'Hanya atasan pemohon, admin atau HR yang dapat memutuskan tukar jadwal.',
  own: 'Anda tidak dapat memutuskan tukar jadwal Anda sendiri.',
  awaitingPartner: 'Tukar jadwal menunggu persetujuan rekan terlebih dahulu.',
  rejectReason: 'Alasan penolakan harus diisi',
} as const;

/** POST /api/roster/swaps: a colleague (partnerId) or one's own new shift (start, end) for `date`. */
export const swapCreateSchema = z
  .object({
    date: dateKeyString('Tanggal'),
    partnerId: z.preprocess(empty, uuidString('ID rekan tidak valid').optional()),
    start: z.preprocess(empty, time('Jam mulai').optional()),
    end: z.preprocess(empty, time('Jam selesai').optional()),
    reason: z
      .string({ error: 'Alasan harus diisi' })
      .transform((v) => v.trim())
      .refine((v) => v.length >= 5, 'Alasan minimal 5 karakter')
      .refine((v) => v.length <= 500, 'Alasan maksimal 500 karakter'),
  })
  .superRefine((v, ctx) => {
    if (v.partnerId && (v.start || v.end))
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'Jam baru hanya untuk ganti shift sendiri, bukan tukar dengan rekan' });
    if (!v.partnerId && (!v.start || !v.end))
      ctx.addIssue({
        code: 'custom',
        path: [v.start ? 'end' : 'start'],
        message: 'Pilih rekan, atau isi jam mulai dan selesai shift baru',
      });
    if (v.start && v.end && v.start === v.end)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'Jam selesai tidak boleh sama dengan jam mulai' });
  });
export type SwapCreateInput = z.output<typeof swapCreateSchema>;

/** PUT /api/roster/swaps/{id}/status: the colleague consents; the supervisor or HR approves; either rejects. */
export const swapStatusSchema = z
  .object({
    action: z.enum(['consent', 'approve', 'reject'], { error: 'Tindakan harus consent, approve atau reject' }),
    note: z
      .string({ error: 'Catatan tidak valid' })
      .nullish()
      .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
      .refine((v) => v === undefined || v.length <= 500, 'Catatan maksimal 500 karakter'),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'reject' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: SWAP_MSG.rejectReason });
  });
export type SwapStatusInput = z.output<typeof swapStatusSchema>;

export const swapListQuery = z.object({
  status: z.preprocess(
    empty,
    z.enum(['menunggu_rekan', 'menunggu_persetujuan', 'approved', 'rejected'], { error: 'Status tidak valid' }).optional(),
  ),
});
export type SwapListQuery = z.output<typeof swapListQuery>;
