// Tutup Harian (docs/daily-close.md, "The Tutup Harian page"): the month view's query, a run of one day or
// a range, and the close's two settings. One set of rules for the page and the routes.
import { z } from 'zod';
import { TIME_PATTERN, daysInclusive } from '@/lib/dates';
import { dateKeyString, uuidString } from '@/features/calendar/validation/calendar';
import { MONTH_PATTERN } from '@/features/periods/validation/periods';

const empty = (v: unknown) => (v === '' || v === null ? undefined : v);
const officeId = z.preprocess(empty, uuidString('ID kantor tidak valid').optional());

export const NOT_STARTED = 'Tanggal tersebut belum tiba; tutup harian hanya untuk hari ini atau hari yang sudah lewat.';

/** The longest range one run takes: a month. */
export const MAX_RUN_DAYS = 31;
/** The catch-up window (days each round looks back for office-days not closed yet). */
export const CATCH_UP_RANGE = [1, 120] as const;
export const DEFAULT_CATCH_UP_DAYS = 62;

/** GET /api/daily-close?month=YYYY-MM&officeId= */
export const closeMonthQuery = z.object({
  month: z.string({ error: 'Bulan wajib diisi (format YYYY-MM)' }).regex(MONTH_PATTERN, { error: 'Bulan tidak valid (format YYYY-MM)' }),
  officeId,
});
export type CloseMonthQuery = z.output<typeof closeMonthQuery>;

/** POST /api/daily-close/run: { startDate, endDate?, officeId? } (endDate defaults to startDate: one day). */
export const closeRunSchema = z
  .object({
    startDate: dateKeyString('Tanggal mulai'),
    endDate: z.preprocess(empty, dateKeyString('Tanggal akhir').optional()),
    officeId,
  })
  .superRefine((v, ctx) => {
    const end = v.endDate ?? v.startDate;
    if (end < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'Tanggal akhir tidak boleh sebelum tanggal mulai' });
    else if (daysInclusive(v.startDate, end) > MAX_RUN_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `Rentang tanggal maksimal ${MAX_RUN_DAYS} hari` });
  })
  .transform((v) => ({ startDate: v.startDate, endDate: v.endDate ?? v.startDate, officeId: v.officeId }));
export type CloseRunInput = z.output<typeof closeRunSchema>;

const CLOSE_TIME_MESSAGE = 'Jam tutup harian tidak valid (HH:mm)';
const CATCH_UP_MESSAGE = `Jendela tutup susulan harus bilangan bulat antara ${CATCH_UP_RANGE[0]} dan ${CATCH_UP_RANGE[1]} hari`;

/** PUT /api/daily-close/settings: both fields (the form sends strings, an API client numbers). */
export const closeSettingsSchema = z
  .object({
    dailyCloseTime: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: CLOSE_TIME_MESSAGE })),
    catchUpDays: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v), z.unknown()),
  })
  .superRefine((v, ctx) => {
    if (!v.dailyCloseTime.trim())
      return void ctx.addIssue({ code: 'custom', path: ['dailyCloseTime'], message: 'Jam tutup harian wajib diisi' });
    if (!TIME_PATTERN.test(v.dailyCloseTime.trim()))
      return void ctx.addIssue({ code: 'custom', path: ['dailyCloseTime'], message: CLOSE_TIME_MESSAGE });
    const n = v.catchUpDays;
    if (n === undefined || n === null || n === '')
      return void ctx.addIssue({ code: 'custom', path: ['catchUpDays'], message: 'Jendela tutup susulan wajib diisi' });
    if (typeof n !== 'number' || !Number.isInteger(n) || n < CATCH_UP_RANGE[0] || n > CATCH_UP_RANGE[1])
      ctx.addIssue({ code: 'custom', path: ['catchUpDays'], message: CATCH_UP_MESSAGE });
  })
  .transform((v) => ({ dailyCloseTime: v.dailyCloseTime.trim(), catchUpDays: v.catchUpDays as number }));
export type CloseSettingsInput = z.output<typeof closeSettingsSchema>;
