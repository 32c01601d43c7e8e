// Check-in/out payload, history period and path params; shared by the route handlers and the pages.
import { z } from 'zod';
import { isValidDateKey } from '@/lib/dates';
import { isLatitude, isLongitude } from '@/lib/geo';
import { DESCRIPTOR_LENGTH, MAX_LOCATION_ACCURACY_M } from '@/features/attendance/lib/limits';
import { FRAME_NUMBERS, MAX_FRAMES, MAX_SPAN_MS } from '@/features/face/lib/liveness';
import { isUuid, pageQueryFields, UUID_PATTERN, uuidParam } from '@/lib/validation/common';

export { DESCRIPTOR_LENGTH, JPEG_DATA_URL_PREFIX, MAX_ATTENDANCE_BODY, MAX_PHOTO_BYTES } from '@/features/attendance/lib/limits';
export { HISTORY_PAGE_SIZE } from '@/features/attendance/lib/history-pages';

const LIVENESS_INVALID = 'Data gerakan wajah tidak valid';

const coordinate = (message: string, valid: (v: number) => boolean) =>
  z.unknown().transform((v, ctx) => {
    if (typeof v !== 'number' || !valid(v)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });

export const attendancePayloadSchema = z.object({
  userId: z.string().max(64).optional(),
  latitude: coordinate('Lokasi tidak valid: latitude harus berupa angka antara -90 dan 90', isLatitude),
  longitude: coordinate('Lokasi tidak valid: longitude harus berupa angka antara -180 dan 180', isLongitude),
  accuracy: z
    .number({ error: 'Akurasi lokasi tidak valid' })
    .finite('Akurasi lokasi tidak valid')
    .nonnegative('Akurasi lokasi tidak valid')
    .max(MAX_LOCATION_ACCURACY_M, 'Akurasi lokasi lebih dari 10 km: lokasi tidak dapat dipakai. Aktifkan GPS lalu coba lagi.')
    .nullish(),
  timestamp: z
    .string({ error: 'Waktu tidak valid' })
    .max(64)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Waktu tidak valid')
    .nullish(),
  faceImage: z.string({ error: 'Foto wajah wajib diisi' }).min(1, 'Foto wajah wajib diisi'),
  verificationMethod: z.literal('face', { error: 'Metode verifikasi harus face' }),
  faceDescriptor: z
    .array(z.number().finite(), { error: 'Deskriptor wajah tidak valid' })
    .length(DESCRIPTOR_LENGTH, 'Deskriptor wajah harus berisi 128 angka')
    .nullish(),
  /** The frames answering the challenge's movements (features/face/lib/liveness.ts); judged by policy, never required by the schema. */
  liveness: z
    .object(
      {
        frames: z
          .array(
            z.object(
              {
                t: z
                  .number({ error: LIVENESS_INVALID })
                  .int(LIVENESS_INVALID)
                  .min(0, LIVENESS_INVALID)
                  .max(MAX_SPAN_MS * 2, LIVENESS_INVALID),
                p: z
                  .array(
                    z
                      .number({ error: LIVENESS_INVALID })
                      .int(LIVENESS_INVALID)
                      .min(-100_000, LIVENESS_INVALID)
                      .max(100_000, LIVENESS_INVALID),
                    { error: LIVENESS_INVALID },
                  )
                  .length(FRAME_NUMBERS, LIVENESS_INVALID),
                d: z
                  .array(z.number({ error: LIVENESS_INVALID }).min(-10, LIVENESS_INVALID).max(10, LIVENESS_INVALID), {
                    error: LIVENESS_INVALID,
                  })
                  .length(DESCRIPTOR_LENGTH, LIVENESS_INVALID)
                  .optional(),
              },
              { error: LIVENESS_INVALID },
            ),
            { error: LIVENESS_INVALID },
          )
          .min(1, LIVENESS_INVALID)
          .max(MAX_FRAMES, 'Data gerakan wajah terlalu banyak'),
      },
      { error: LIVENESS_INVALID },
    )
    .nullish(),
  /** The one-time challenge of POST /attendance/challenge (docs/anti-fraud.md); refused when missing. */
  challengeId: z
    .string({ error: 'Kode verifikasi tidak valid' })
    .regex(UUID_PATTERN, 'Kode verifikasi tidak valid')
    .transform((s) => s.toLowerCase())
    .nullish(),
  /** The registered device (POST /devices) and its signature of deviceMessage (base64, P-256 raw r‖s). */
  deviceId: z
    .string({ error: 'ID perangkat tidak valid' })
    .regex(UUID_PATTERN, 'ID perangkat tidak valid')
    .transform((s) => s.toLowerCase())
    .nullish(),
  deviceSignature: z
    .string({ error: 'Tanda tangan perangkat tidak valid' })
    .max(200, 'Tanda tangan perangkat tidak valid')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Tanda tangan perangkat tidak valid')
    .nullish(),
});

/** POST /attendance/challenge. */
export const challengeRequestSchema = z.object({
  action: z.enum(['check-in', 'check-out', 'break-start', 'break-end'], {
    error: 'Tindakan harus check-in, check-out, break-start atau break-end',
  }),
});

/** POST /attendance/break: the punch's fields and whether the break starts or ends (docs/calendar.md, "Istirahat"). */
export const breakPayloadSchema = attendancePayloadSchema.extend({
  action: z.enum(['start', 'end'], { error: "Tindakan istirahat harus 'start' atau 'end'" }),
});

export type BreakPayload = z.output<typeof breakPayloadSchema>;

export type AttendancePayload = z.output<typeof attendancePayloadSchema>;

export const userIdParam = uuidParam('userId', 'ID pengguna tidak valid');

export const PHOTO_KINDS = ['check-in', 'check-out'] as const;
export type PhotoKindParam = (typeof PHOTO_KINDS)[number];

export const photoParams = z.object({ id: z.string(), kind: z.string() }).transform((p, ctx) => {
  if (!isUuid(p.id)) {
    ctx.addIssue({ code: 'custom', path: ['id'], message: 'ID tidak valid' });
    return z.NEVER;
  }
  if (!(PHOTO_KINDS as readonly string[]).includes(p.kind)) {
    ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Jenis foto tidak valid' });
    return z.NEVER;
  }
  return { id: p.id.toLowerCase(), kind: p.kind as PhotoKindParam };
});

const optionalDate = (label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || isValidDateKey(v), `${label} harus berformat YYYY-MM-DD`);

/**
 * Any range (both dates optional), served in pages: `page` (from 1) and `limit` (1..1000, default 1000).
 * The body stays the contract's list of entries; the page info travels in headers (see historyPageHeaders).
 */
export const historyQuerySchema = z
  .object({
    startDate: optionalDate('Tanggal mulai'),
    endDate: optionalDate('Tanggal selesai'),
    ...pageQueryFields,
  })
  .superRefine((v, ctx) => {
    if (v.startDate && v.endDate && v.startDate > v.endDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Tanggal mulai tidak boleh setelah tanggal selesai' });
  });

export type HistoryQuery = z.output<typeof historyQuerySchema>;
