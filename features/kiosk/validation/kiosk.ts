// Kiosk requests (docs/kiosk.md): the admin's kiosk list, the tablet's pairing, identification, punch
// and offline batch. Shared by the route handlers and the pages.
import { z } from 'zod';
import { attendancePayloadSchema } from '@/features/attendance/validation/attendance';
import { DESCRIPTOR_LENGTH, MAX_ATTENDANCE_BODY } from '@/features/attendance/lib/limits';
import { uuidString } from '@/lib/validation/common';

/** A pairing code: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_TTL_MS = 10 * 60_000;
/** Offline punches older than this are refused: the calendar and the records around them are read for today. */
export const OFFLINE_MAX_AGE_MS = 24 * 3_600_000;
export const MAX_OFFLINE_BATCH = 20;

const kioskName = z
  .string({ error: 'Nama kiosk wajib diisi' })
  .trim()
  .min(1, 'Nama kiosk wajib diisi')
  .max(80, 'Nama kiosk maksimal 80 karakter');

export const createKioskSchema = z.object({ name: kioskName, officeId: uuidString('Kantor tidak valid') });
export type CreateKioskInput = z.output<typeof createKioskSchema>;

export const renameKioskSchema = z.object({ name: kioskName });

export const pairSchema = z.object({
  code: z
    .string({ error: 'Kode pemasangan wajib diisi' })
    .trim()
    .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(new RegExp(`^[${PAIRING_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`), 'Kode pemasangan tidak valid')),
});

const descriptor = z
  .array(z.number().finite().min(-10).max(10), { error: 'Data wajah tidak valid' })
  .length(DESCRIPTOR_LENGTH, 'Data wajah harus berisi 128 angka');

/** NIK karyawan or machine PIN, typed at the kiosk before the face (docs/kiosk.md, "NIK or PIN first"). */
export const PERSON_KEY_MESSAGE = 'NIK atau PIN hanya berisi huruf dan angka (maksimal 40 karakter)';
const personKey = z
  .string({ error: PERSON_KEY_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9]{1,40}$/, PERSON_KEY_MESSAGE);

export const identifySchema = z.object({ faceDescriptor: descriptor, personKey: personKey.optional() });

/** The punch: the phone's payload without the position (the kiosk is at its office), for the person identified. */
export const kioskPunchSchema = attendancePayloadSchema
  .pick({ faceImage: true, faceDescriptor: true, liveness: true, challengeId: true, timestamp: true })
  .extend({
    userId: uuidString('ID karyawan tidak valid'),
    action: z.enum(['check-in', 'check-out', 'break-start', 'break-end'], { error: 'Tindakan tidak valid' }),
  });
export type KioskPunchInput = z.output<typeof kioskPunchSchema>;

export const notMeSchema = z.object({ userId: uuidString('ID karyawan tidak valid') });

const offlinePunch = z.object({
  id: uuidString('ID antrean tidak valid'),
  userId: uuidString('ID karyawan tidak valid'),
  clientTime: z.iso.datetime({ offset: true, error: 'Waktu tidak valid' }),
  offsetMs: z
    .number({ error: 'Selisih jam tidak valid' })
    .int('Selisih jam tidak valid')
    .min(-7 * 86_400_000, 'Selisih jam tidak valid')
    .max(7 * 86_400_000, 'Selisih jam tidak valid'),
  faceImage: z.string({ error: 'Foto wajah wajib diisi' }).min(1, 'Foto wajah wajib diisi'),
  faceDescriptor: descriptor,
  signature: z.string({ error: 'Tanda tangan tidak valid' }).regex(/^[0-9a-f]{64}$/, 'Tanda tangan tidak valid'),
});
export type OfflinePunchInput = z.output<typeof offlinePunch>;

export const offlineBatchSchema = z.object({
  punches: z
    .array(offlinePunch, { error: 'Antrean tidak valid' })
    .min(1, 'Antrean kosong')
    .max(MAX_OFFLINE_BATCH, `Paling banyak ${MAX_OFFLINE_BATCH} absen sekali kirim`),
});

/** The offline batch's body: up to MAX_OFFLINE_BATCH punches of the phone's size each. */
export const MAX_OFFLINE_BODY = MAX_OFFLINE_BATCH * MAX_ATTENDANCE_BODY;
