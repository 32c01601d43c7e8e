// Offices, work schedules, the roster, holidays and the calendar (docs/calendar.md): one set of rules
// for the pages and the routes.
import { z } from 'zod';
import { TIME_PATTERN, daysInclusive, isValidDateKey, isValidTimeZone } from '@/lib/dates';
import { MAX_RADIUS, MIN_RADIUS } from '@/features/settings/validation/settings';
import { optionalPageQueryFields, uuidString } from '@/lib/validation/common';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const issue = (ctx: z.RefinementCtx, path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });

export { uuidString };
export const dateKeyString = (label: string) =>
  z.string({ error: `${label} harus berformat YYYY-MM-DD` }).refine(isValidDateKey, `${label} harus berformat YYYY-MM-DD`);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} harus diisi` })
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, `${label} harus diisi`)
    .refine((v) => v.length <= max, `${label} maksimal ${max} karakter`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} tidak valid` })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === null || v.length <= max, `${label} maksimal ${max} karakter`);

/** The zones an office may use, in the order the picker shows them. */
export const OFFICE_ZONES = [
  { value: 'Asia/Jakarta', label: 'WIB (UTC+7)' },
  { value: 'Asia/Makassar', label: 'WITA (UTC+8)' },
  { value: 'Asia/Jayapura', label: 'WIT (UTC+9)' },
] as const;

// ---------- Offices ----------

const coordinate = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} harus berupa angka` })
    .finite(`${label} harus berupa angka`)
    .min(min, `${label} harus antara ${min} dan ${max}`)
    .max(max, `${label} harus antara ${min} dan ${max}`);

export const officeSchema = z.object({
  name: text('Nama kantor', 100),
  address: optionalText('Alamat', 500),
  latitude: coordinate('Latitude', -90, 90),
  longitude: coordinate('Longitude', -180, 180),
  radius: z
    .number({ error: 'Radius harus berupa angka' })
    .int('Radius harus berupa bilangan bulat (meter)')
    .min(MIN_RADIUS, 'Radius minimal 10 meter')
    .max(MAX_RADIUS, 'Radius maksimal 100 km'),
  timezone: z
    .string({ error: 'Zona waktu tidak valid' })
    .refine((v) => isValidTimeZone(v) && v.startsWith('Asia/'), 'Zona waktu tidak valid'),
  active: z.boolean({ error: 'Status kantor tidak valid' }).optional(),
});
export type OfficeInput = z.output<typeof officeSchema>;

export const officeListQuery = z.object({
  includeInactive: z.preprocess(empty, z.enum(['0', '1'], { error: 'Parameter tidak valid' }).optional()),
});

// ---------- An employee's workplace (the employee form, PUT /users/{id}, POST /auth/register) ----------

/**
 * Where and when an employee works (docs/calendar.md), all optional, after the spec's fields: home office
 * (null = the main office), other offices allowed, own default schedule (null = the company default) and
 * the join date (null = the day the account was created). Absent fields are left as they are.
 */
export const MAX_ALLOWED_OFFICES = 100;
export const workplaceFields = {
  homeOfficeId: uuidString('ID kantor tidak valid').nullable().optional(),
  allowedOfficeIds: z
    .array(uuidString('ID kantor tidak valid'), { error: 'Daftar kantor tidak valid' })
    .max(MAX_ALLOWED_OFFICES, `Maksimal ${MAX_ALLOWED_OFFICES} kantor`)
    .optional(),
  scheduleId: uuidString('ID jadwal tidak valid').nullable().optional(),
  joinDate: dateKeyString('Tanggal bergabung').nullable().optional(),
};
export type WorkplaceInput = {
  homeOfficeId?: string | null;
  allowedOfficeIds?: string[];
  scheduleId?: string | null;
  joinDate?: string | null;
};

// ---------- Work schedules ----------

const time = z.preprocess(
  empty,
  z.string({ error: 'Format jam tidak valid (HH:mm)' }).regex(TIME_PATTERN, 'Format jam tidak valid (HH:mm)').optional(),
);

export const scheduleDaySchema = z.object({
  weekday: z.number({ error: 'Hari tidak valid' }).int('Hari tidak valid').min(1, 'Hari tidak valid').max(7, 'Hari tidak valid'),
  start: time,
  end: time,
});

export const scheduleSchema = z
  .object({
    name: text('Nama jadwal', 100),
    breakMinutes: z
      .number({ error: 'Durasi istirahat harus berupa angka' })
      .int('Durasi istirahat harus bilangan bulat')
      .min(0, 'Durasi istirahat tidak boleh negatif')
      .max(480, 'Durasi istirahat maksimal 480 menit'),
    /** Wajib absen istirahat (docs/calendar.md, "Istirahat"); absent: off on a new schedule, unchanged on an update. */
    breakPunch: z.boolean({ error: 'Data tidak valid' }).optional(),
    lateToleranceMinutes: z
      .number({ error: 'Toleransi terlambat harus berupa angka' })
      .int('Toleransi terlambat harus bilangan bulat')
      .min(0, 'Toleransi terlambat tidak boleh negatif')
      .max(240, 'Toleransi terlambat maksimal 240 menit'),
    isDefault: z.boolean({ error: 'Data tidak valid' }).optional(),
    days: z.array(scheduleDaySchema, { error: 'Hari kerja tidak valid' }).length(7, 'Jadwal harus berisi 7 hari (Senin–Minggu)'),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.days.forEach((d, i) => {
      if (seen.has(d.weekday)) issue(ctx, ['days', i, 'weekday'], 'Setiap hari hanya boleh muncul sekali');
      seen.add(d.weekday);
      if (!!d.start !== !!d.end) issue(ctx, ['days', i, 'start'], 'Isi jam masuk dan jam pulang, atau kosongkan keduanya untuk hari libur');
      else if (d.start && d.start === d.end) issue(ctx, ['days', i, 'end'], 'Jam pulang tidak boleh sama dengan jam masuk');
    });
    if (!v.days.some((d) => d.start)) issue(ctx, ['days'], 'Pilih minimal satu hari kerja');
  })
  .transform((v) => ({
    ...v,
    days: [...v.days]
      .sort((a, b) => a.weekday - b.weekday)
      .map((d) => ({ weekday: d.weekday, start: d.start ?? null, end: d.end ?? null })),
  }));
export type ScheduleInput = z.output<typeof scheduleSchema>;

export const assignmentSchema = z
  .object({
    userIds: z
      .array(uuidString('ID karyawan tidak valid'), { error: 'Pilih minimal satu karyawan' })
      .min(1, 'Pilih minimal satu karyawan')
      .max(1000, 'Maksimal 1000 karyawan sekaligus'),
    startDate: dateKeyString('Tanggal mulai'),
    endDate: z.preprocess(empty, dateKeyString('Tanggal selesai').optional()),
  })
  .refine((v) => !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    message: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  });
export type AssignmentInput = z.output<typeof assignmentSchema>;

// ---------- Roster (Jadwal Kerja) ----------

export const MAX_ROSTER_DAYS = 62;
export const MAX_ROSTER_CELLS = 5000;

export const rangeQuery = (maxDays: number, tooLong: string) =>
  z
    .object({
      startDate: dateKeyString('Tanggal mulai'),
      endDate: dateKeyString('Tanggal selesai'),
      officeId: z.preprocess(empty, uuidString('ID kantor tidak valid').optional()),
    })
    .superRefine((v, ctx) => {
      if (v.startDate > v.endDate) return issue(ctx, ['startDate'], 'Tanggal mulai tidak boleh setelah tanggal selesai');
      if (daysInclusive(v.startDate, v.endDate) > maxDays) issue(ctx, ['endDate'], tooLong);
    });

/** Most people one page of the roster carries (GET /roster?page=). */
export const ROSTER_PAGE_LIMIT = 200;
const rosterRange = rangeQuery(MAX_ROSTER_DAYS, `Rentang jadwal maksimal ${MAX_ROSTER_DAYS} hari`);
/** The range and office; with `page` (from 1), `limit` people of it in name order (default 50), else everyone. */
export const rosterQuery = z
  .object({
    page: z.preprocess(
      empty,
      z.coerce
        .number({ error: 'Halaman tidak valid' })
        .int('Halaman tidak valid')
        .min(1, 'Halaman tidak valid')
        .max(100_000, 'Halaman tidak valid')
        .optional(),
    ),
    limit: z.preprocess(
      empty,
      z.coerce
        .number({ error: 'Batas tidak valid' })
        .int('Batas tidak valid')
        .min(1, 'Batas tidak valid')
        .max(ROSTER_PAGE_LIMIT, `Batas maksimal ${ROSTER_PAGE_LIMIT}`)
        .optional(),
    ),
  })
  .and(rosterRange);
export type RosterQuery = z.output<typeof rosterQuery>;

/** One cell: a schedule's shift of that weekday, an explicit shift, a rest day, or back to the schedule (clear). */
export const rosterCellSchema = z
  .object({
    userId: uuidString('ID karyawan tidak valid'),
    date: dateKeyString('Tanggal'),
    scheduleId: z.preprocess(empty, uuidString('ID jadwal tidak valid').optional()),
    start: time,
    end: time,
    rest: z.boolean({ error: 'Data tidak valid' }).optional(),
    clear: z.boolean({ error: 'Data tidak valid' }).optional(),
    breakMinutes: z.number({ error: 'Durasi istirahat harus berupa angka' }).int().min(0).max(480).optional(),
    lateToleranceMinutes: z.number({ error: 'Toleransi terlambat harus berupa angka' }).int().min(0).max(240).optional(),
  })
  .superRefine((v, ctx) => {
    const kinds = [v.scheduleId !== undefined, v.start !== undefined || v.end !== undefined, v.rest === true, v.clear === true].filter(
      Boolean,
    ).length;
    if (kinds !== 1) return issue(ctx, ['date'], 'Pilih satu: jadwal, jam kerja, libur, atau kembalikan ke jadwal');
    if ((v.start === undefined) !== (v.end === undefined)) return issue(ctx, ['start'], 'Isi jam masuk dan jam pulang');
    if (v.start && v.start === v.end) issue(ctx, ['end'], 'Jam pulang tidak boleh sama dengan jam masuk');
  });
export const rosterUpdateSchema = z.object({
  cells: z
    .array(rosterCellSchema, { error: 'Data jadwal tidak valid' })
    .min(1, 'Tidak ada perubahan jadwal')
    .max(MAX_ROSTER_CELLS, `Maksimal ${MAX_ROSTER_CELLS} sel sekaligus`),
});
export type RosterCellInput = z.output<typeof rosterCellSchema>;
export type RosterUpdateInput = z.output<typeof rosterUpdateSchema>;

// ---------- Holidays (Kalender Libur) ----------

export const HOLIDAY_KINDS = ['libur_nasional', 'cuti_bersama', 'libur_perusahaan'] as const;
export type HolidayKindValue = (typeof HOLIDAY_KINDS)[number];
export const HOLIDAY_KIND_LABELS: Record<HolidayKindValue, string> = {
  libur_nasional: 'Libur Nasional',
  cuti_bersama: 'Cuti Bersama',
  libur_perusahaan: 'Libur Perusahaan',
};
export const CUTI_BERSAMA_POLICIES = ['potong_cuti', 'libur', 'masuk'] as const;
export const CUTI_BERSAMA_POLICY_LABELS: Record<(typeof CUTI_BERSAMA_POLICIES)[number], string> = {
  potong_cuti: 'Libur, potong cuti tahunan',
  libur: 'Libur tanpa potong cuti',
  masuk: 'Tetap masuk kerja',
};

export const holidaySchema = z.object({
  date: dateKeyString('Tanggal'),
  name: text('Nama hari libur', 150),
  kind: z.enum(HOLIDAY_KINDS, { error: 'Jenis hari libur tidak valid' }),
  officeIds: z
    .array(uuidString('ID kantor tidak valid'), { error: 'Kantor tidak valid' })
    .max(500, 'Terlalu banyak kantor')
    .optional()
    .default([]),
  decree: optionalText('Dasar hukum', 300),
  confirmed: z.boolean({ error: 'Data tidak valid' }).optional().default(true),
});
export type HolidayInput = z.output<typeof holidaySchema>;

export const yearQuery = z.object({
  year: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'Tahun tidak valid' })
      .int('Tahun tidak valid')
      .min(2000, 'Tahun tidak valid')
      .max(2100, 'Tahun tidak valid')
      .optional(),
  ),
});
export const prefillSchema = z.object({
  year: z.number({ error: 'Tahun tidak valid' }).int('Tahun tidak valid').min(2000, 'Tahun tidak valid').max(2100, 'Tahun tidak valid'),
});

export const policySchema = z.object({ cutiBersamaPolicy: z.enum(CUTI_BERSAMA_POLICIES, { error: 'Kebijakan cuti bersama tidak valid' }) });

// ---------- Calendar ----------

export const MAX_CALENDAR_DAYS = 366;
export const calendarQuery = rangeQuery(MAX_CALENDAR_DAYS, 'Rentang waktu maksimal 1 tahun');
export type CalendarQuery = z.output<typeof calendarQuery>;

export const DAY_STATUSES = [
  'kerja',
  'libur_nasional',
  'cuti_bersama',
  'libur_perusahaan',
  'istirahat',
  'belum_bergabung',
  'nonaktif',
] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];
export const DAY_STATUS_LABELS: Record<DayStatus, string> = {
  kerja: 'Hari Kerja',
  libur_nasional: 'Libur Nasional',
  cuti_bersama: 'Cuti Bersama',
  libur_perusahaan: 'Libur Perusahaan',
  istirahat: 'Hari Istirahat',
  belum_bergabung: 'Belum Bergabung',
  nonaktif: 'Nonaktif',
};

/** GET /api/schedules/assignments?userId= (empty: everyone's). */
/** Most assignments one page of GET /schedules/assignments?page= carries, and the page's default size. */
export const ASSIGNMENTS_PAGE_LIMIT = 200;
export const ASSIGNMENTS_PAGE_SIZE = 20;

export const assignmentListQuery = z.object({
  userId: z.preprocess((v) => (v === '' ? undefined : v), uuidString('ID karyawan tidak valid').optional()),
  /** The person's name, NIK or e-mail (case-insensitive). */
  q: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z.string({ error: 'Kata kunci tidak valid' }).max(100, 'Kata kunci terlalu panjang').optional(),
  ),
  /** With `page`, one page of `limit` assignments (default 20), the total in X-Total-Count; without it, the list as before. */
  ...optionalPageQueryFields(ASSIGNMENTS_PAGE_LIMIT),
});
export type AssignmentListQuery = z.output<typeof assignmentListQuery>;
