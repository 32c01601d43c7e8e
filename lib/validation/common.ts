import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE } from '@/lib/page-size';

/** Spec: an address with no spaces, an at-sign and a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 6;
/** In UTF-8 bytes, not characters: bcrypt ignores everything after the 72nd byte (é is 2, an emoji 4). */
export const MAX_PASSWORD = 72;
export const passwordBytes = (password: string): number => new TextEncoder().encode(password).length;
export const tooLongPassword = (label: 'Password' | 'Password baru') =>
  `${label} maksimal 72 byte: huruf beraksen dan emoji dihitung lebih dari 1 byte`;

export const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Any JSON value coerced to a string for checks that must run in the spec's order. */
export const looseString = z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'Data tidak valid' }));

/** First message of a failed parse, for forms that show one toast at a time. */
export function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Data tidak valid');
}

export { MAX_PAGE, MAX_PAGE_SIZE };

const positiveInt = (message: string, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v.trim());
      if (!/^\d+$/.test(v.trim()) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/**
 * `page` (from 1) and `limit` (1..1000, default 1000) of the paged lists: GET /attendance/history/{userId}
 * and GET /attendance/all. The body stays the contract's list; the page info travels in the X-* headers
 * of features/attendance/lib/history-pages.ts.
 */
export const pageQueryFields = {
  page: positiveInt('Halaman harus berupa bilangan bulat mulai dari 1', MAX_PAGE, 1),
  limit: positiveInt(`Limit harus antara 1 dan ${MAX_PAGE_SIZE}`, MAX_PAGE_SIZE, MAX_PAGE_SIZE),
};

/**
 * `page` and `limit` of the lists whose paging is opt-in: without `page` the route answers its whole list
 * as before; with it, one page of `limit` rows (the service's default when absent, at most `maxLimit`).
 * Not pageQueryFields: these routes promise no defaults here, "Halaman tidak valid" / "Limit tidak valid" /
 * "Limit maksimal N" and a smaller ceiling (GET /schedules/assignments in docs/calendar.md; GET /corrections
 * and GET /overtime in docs/leave.md, "Persetujuan").
 */
export const optionalPageQueryFields = (maxLimit: number) => ({
  page: z.coerce
    .number({ error: 'Halaman tidak valid' })
    .int('Halaman tidak valid')
    .min(1, 'Halaman tidak valid')
    .max(MAX_PAGE, 'Halaman tidak valid')
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit tidak valid' })
    .int('Limit tidak valid')
    .min(1, 'Limit tidak valid')
    .max(maxLimit, `Limit maksimal ${maxLimit}`)
    .optional(),
});

/** Every id in this app is a UUID (Prisma's @default(uuid())). The one pattern for all of them. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** An id in a body or a query, lower-cased; `message` says which id is wrong ('ID kantor tidak valid'). */
export const uuidString = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID_PATTERN, message)
    .transform((v) => v.toLowerCase());

/**
 * An id in the path (`[id]`, `[userId]`): anything but a UUID is refused (400) before any query runs,
 * and the value reaches the service lower-cased. The issue's path is the segment's name.
 */
export function uuidParam<K extends string>(key: K, message = 'ID tidak valid') {
  return z.object({ [key]: z.string() } as Record<K, z.ZodString>).transform((p, ctx) => {
    const value = (p as Record<K, string>)[key];
    if (!isUuid(value)) {
      ctx.addIssue({ code: 'custom', path: [key], message });
      return z.NEVER;
    }
    return { [key]: value.toLowerCase() } as Record<K, string>;
  });
}

/** A month `YYYY-MM` in a list's query (the approval lists' month filter). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const monthString = (message = 'Bulan tidak valid (YYYY-MM)') => z.string({ error: message }).regex(MONTH_PATTERN, message);
