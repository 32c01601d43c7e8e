// Status Wajah (docs/face.md): who has an active face enrolment, per office and division, and the reminder.
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';
import { divisionFilter } from '@/features/divisions/validation/divisions';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);

/** GET /api/face/status?officeId=&divisionId=&state=sudah|belum */
export const faceStatusQuery = z.object({
  officeId: z.preprocess(empty, uuidString('ID kantor tidak valid').optional()),
  divisionId: divisionFilter,
  state: z.preprocess(empty, z.enum(['sudah', 'belum'], { error: 'Status harus sudah atau belum' }).optional()),
});
export type FaceStatusQuery = z.output<typeof faceStatusQuery>;

/** At most this many people in one reminder (a company's whole list, in one click). */
export const REMIND_MAX = 5000;

/** POST /api/face/status/remind { userIds }: the people to remind (those already enrolled are left out). */
export const faceRemindSchema = z.object({
  userIds: z
    .array(uuidString('ID karyawan tidak valid'), { error: 'Pilih karyawan yang akan diingatkan' })
    .min(1, 'Pilih karyawan yang akan diingatkan')
    .max(REMIND_MAX, `Paling banyak ${REMIND_MAX} karyawan sekali kirim`),
});
export type FaceRemindInput = z.output<typeof faceRemindSchema>;

export const FACE_STATUS_MSG = {
  NOTHING_TO_REMIND: 'Tidak ada karyawan yang perlu diingatkan: semua yang dipilih sudah mendaftarkan wajah atau tidak aktif.',
  reminded: (n: number, skipped: number) =>
    `Pengingat dikirim ke ${n} karyawan${skipped ? `; ${skipped} sudah diingatkan hari ini atau sudah terdaftar` : ''}.`,
} as const;
