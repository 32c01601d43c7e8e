// Office settings rules (location settings, general settings), checked in a fixed order so the first
// failure is the one message shown. One schema per form, used by the page (string inputs) and by the route (JSON values).
import { z } from 'zod';
import { UUID_PATTERN, isBlank, looseString } from '@/lib/validation/common';

export { UUID_PATTERN };
import { TIME_PATTERN, isValidTimeZone, timeToMinutes } from '@/lib/dates';

export const MIN_RADIUS = 10;
export const MAX_RADIUS = 100_000;
export const FACE_THRESHOLD_RANGE = [0.3, 0.8] as const;
export const RETENTION_RANGE = [1, 3650] as const;
/** Liveness at check-in (docs/face.md, "Liveness"): what a failed answer to the movement challenge gets. */
export const LIVENESS_POLICIES = [
  { value: 'off', label: 'Nonaktif: gerakan wajah tidak diperiksa' },
  { value: 'flag', label: 'Tandai untuk ditinjau: absensi tetap tercatat' },
  { value: 'required', label: 'Wajib: absensi ditolak bila gerakan tidak terbukti' },
] as const;
export type LivenessPolicy = (typeof LIVENESS_POLICIES)[number]['value'];
/** How a kiosk finds the person in front of it (docs/kiosk.md). */
export const KIOSK_IDENTIFY_MODES = [
  { value: 'face', label: 'Wajah saja: kiosk mengenali wajah di antara karyawan kantornya' },
  { value: 'id_first', label: 'NIK atau PIN dulu: wajah dicocokkan dengan karyawan itu saja' },
] as const;
export type KioskIdentifyMode = (typeof KIOSK_IDENTIFY_MODES)[number]['value'];

const issue = (ctx: z.RefinementCtx, path: string, message: string) => (ctx.addIssue({ code: 'custom', path: [path], message }), false);

/** '', null and undefined are "missing"; numbers and numeric strings become numbers; anything else NaN. */
const looseNumber = z.preprocess(
  (v) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    if (typeof v === 'number') return v;
    if (typeof v === 'string') return Number(v.trim().replace(',', '.'));
    return Number.NaN;
  },
  z.custom<number | null>((v) => v === null || typeof v === 'number', { error: 'Data tidak valid' }),
);

/** Start and end of a working day: both 'HH:mm', start strictly before end. */
export function checkWorkingHours(start: string, end: string, ctx: z.RefinementCtx, prefix = ''): boolean {
  if (isBlank(start) || isBlank(end)) return issue(ctx, `${prefix}start`, 'Harap isi jam kerja dengan lengkap');
  if (!TIME_PATTERN.test(start.trim())) return issue(ctx, `${prefix}start`, 'Format jam masuk tidak valid (HH:mm)');
  if (!TIME_PATTERN.test(end.trim())) return issue(ctx, `${prefix}end`, 'Format jam pulang tidak valid (HH:mm)');
  if (timeToMinutes(start.trim()) >= timeToMinutes(end.trim()))
    return issue(ctx, `${prefix}start`, 'Jam masuk harus lebih awal dari jam pulang');
  return true;
}

// ---------- Lokasi Kantor ----------

const locationFields = z.object({ latitude: looseNumber, longitude: looseNumber, radius: looseNumber, address: looseString });

export const officeLocationSchema = locationFields
  .superRefine((v, ctx) => {
    if (v.latitude === null || v.longitude === null || v.radius === null || isBlank(v.address))
      return void issue(ctx, 'latitude', 'Harap lengkapi semua field lokasi kantor');
    if (!Number.isFinite(v.latitude) || v.latitude < -90 || v.latitude > 90)
      return void issue(ctx, 'latitude', 'Latitude harus antara -90 dan 90');
    if (!Number.isFinite(v.longitude) || v.longitude < -180 || v.longitude > 180)
      return void issue(ctx, 'longitude', 'Longitude harus antara -180 dan 180');
    if (!Number.isFinite(v.radius)) return void issue(ctx, 'radius', 'Radius harus berupa angka');
    if (v.radius < MIN_RADIUS) return void issue(ctx, 'radius', 'Radius minimal 10 meter');
    if (!Number.isInteger(v.radius)) return void issue(ctx, 'radius', 'Radius harus berupa bilangan bulat (meter)');
    if (v.radius > MAX_RADIUS) return void issue(ctx, 'radius', 'Radius maksimal 100 km');
    if (v.address.trim().length > 500) issue(ctx, 'address', 'Alamat maksimal 500 karakter');
  })
  .transform((v) => ({
    latitude: v.latitude as number,
    longitude: v.longitude as number,
    radius: v.radius as number,
    address: v.address.trim(),
  }));

export type OfficeLocationInput = z.output<typeof officeLocationSchema>;

/** PUT /settings/office-location: the contract's `{ officeLocation: {...} }`, or the fields at the top level. */
export const officeLocationPayloadSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && 'officeLocation' in v ? ((v as { officeLocation: unknown }).officeLocation ?? {}) : v),
  officeLocationSchema,
);

// ---------- Pengaturan Umum ----------

/** The three zones of Indonesia, offered first in the timezone picker. */
export const INDONESIAN_ZONES = [
  { value: 'Asia/Jakarta', label: 'WIB (UTC+7) · Asia/Jakarta' },
  { value: 'Asia/Makassar', label: 'WITA (UTC+8) · Asia/Makassar' },
  { value: 'Asia/Jayapura', label: 'WIT (UTC+9) · Asia/Jayapura' },
] as const;

export const WEEKDAYS = [
  { value: 1, label: 'Senin' },
  { value: 2, label: 'Selasa' },
  { value: 3, label: 'Rabu' },
  { value: 4, label: 'Kamis' },
  { value: 5, label: 'Jumat' },
  { value: 6, label: 'Sabtu' },
  { value: 7, label: 'Minggu' },
] as const;

const optionalNumber = looseNumber.optional();

export const generalSettingsSchema = z
  .object({
    companyName: looseString,
    workingHours: z.preprocess(
      (v) => v ?? {},
      z.object({ start: looseString, end: looseString }, { error: 'Harap isi jam kerja dengan lengkap' }),
    ),
    timezone: z.string({ error: 'Zona waktu tidak valid' }).optional(),
    workingDays: z.array(z.unknown(), { error: 'Hari kerja tidak valid' }).optional(),
    faceMatchThreshold: optionalNumber,
    photoRetentionDays: optionalNumber,
    livenessPolicy: z.unknown().optional(),
    kioskIdentifyMode: z.unknown().optional(),
    /** When the daily close runs, HH:MM of the next local day (docs/daily-close.md). */
    dailyCloseTime: z.string({ error: 'Jam tutup harian tidak valid (HH:mm)' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (isBlank(v.companyName)) return void issue(ctx, 'companyName', 'Nama perusahaan tidak boleh kosong');
    if (v.companyName.trim().length > 150) return void issue(ctx, 'companyName', 'Nama perusahaan maksimal 150 karakter');
    if (!checkWorkingHours(v.workingHours.start, v.workingHours.end, ctx, 'workingHours.')) return;
    if (v.timezone !== undefined && (isBlank(v.timezone) || !isValidTimeZone(v.timezone.trim())))
      return void issue(ctx, 'timezone', 'Zona waktu tidak valid');
    if (v.workingDays !== undefined) {
      const ok = v.workingDays.every((d) => Number.isInteger(d) && (d as number) >= 1 && (d as number) <= 7);
      if (!ok) return void issue(ctx, 'workingDays', 'Hari kerja tidak valid');
      if (v.workingDays.length === 0) return void issue(ctx, 'workingDays', 'Pilih minimal satu hari kerja');
    }
    const t = v.faceMatchThreshold;
    if (t !== undefined && (t === null || !Number.isFinite(t) || t < FACE_THRESHOLD_RANGE[0] || t > FACE_THRESHOLD_RANGE[1]))
      return void issue(ctx, 'faceMatchThreshold', 'Ambang kecocokan wajah harus antara 0,3 dan 0,8');
    const r = v.photoRetentionDays;
    if (r !== undefined && (r === null || !Number.isInteger(r) || r < RETENTION_RANGE[0] || r > RETENTION_RANGE[1]))
      return void issue(ctx, 'photoRetentionDays', 'Masa simpan foto harus bilangan bulat antara 1 dan 3650 hari');
    if (v.livenessPolicy !== undefined && !LIVENESS_POLICIES.some((p) => p.value === v.livenessPolicy))
      return void issue(ctx, 'livenessPolicy', 'Kebijakan pemeriksaan gerakan wajah tidak valid');
    if (v.kioskIdentifyMode !== undefined && !KIOSK_IDENTIFY_MODES.some((m) => m.value === v.kioskIdentifyMode))
      return void issue(ctx, 'kioskIdentifyMode', 'Cara identifikasi di kiosk tidak valid');
    if (v.dailyCloseTime !== undefined && !TIME_PATTERN.test(v.dailyCloseTime.trim()))
      return void issue(ctx, 'dailyCloseTime', 'Jam tutup harian tidak valid (HH:mm)');
  })
  .transform((v) => ({
    companyName: v.companyName.trim(),
    workingHours: { start: v.workingHours.start.trim(), end: v.workingHours.end.trim() },
    ...(v.timezone !== undefined ? { timezone: v.timezone.trim() } : {}),
    ...(v.workingDays !== undefined ? { workingDays: [...new Set(v.workingDays as number[])].sort((a, b) => a - b) } : {}),
    ...(v.faceMatchThreshold != null ? { faceMatchThreshold: v.faceMatchThreshold } : {}),
    ...(v.photoRetentionDays != null ? { photoRetentionDays: v.photoRetentionDays } : {}),
    ...(v.livenessPolicy !== undefined ? { livenessPolicy: v.livenessPolicy as LivenessPolicy } : {}),
    ...(v.kioskIdentifyMode !== undefined ? { kioskIdentifyMode: v.kioskIdentifyMode as KioskIdentifyMode } : {}),
    ...(v.dailyCloseTime !== undefined ? { dailyCloseTime: v.dailyCloseTime.trim() } : {}),
  }));

export type GeneralSettingsInput = z.output<typeof generalSettingsSchema>;

// ---------- Jam kerja per karyawan ----------

const blankToEmpty = z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'Format jam tidak valid (HH:mm)' }));

/** Set (start and end) or clear (both empty) one employee's own working hours. */
export const employeeWorkingHoursSchema = z
  .object({
    userId: z.string({ error: 'ID karyawan tidak valid' }).regex(UUID_PATTERN, { error: 'ID karyawan tidak valid' }),
    start: blankToEmpty,
    end: blankToEmpty,
  })
  .superRefine((v, ctx) => {
    if (isBlank(v.start) && isBlank(v.end)) return;
    checkWorkingHours(v.start, v.end, ctx);
  })
  .transform((v) => ({
    userId: v.userId.toLowerCase(),
    hours: isBlank(v.start) && isBlank(v.end) ? null : { start: v.start.trim(), end: v.end.trim() },
  }));

export type EmployeeWorkingHoursInput = z.output<typeof employeeWorkingHoursSchema>;
