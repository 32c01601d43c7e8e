import { z } from 'zod';

/** Spec: an address with no spaces, an at-sign and a dot. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = 72; // bcrypt reads at most 72 bytes

export const isBlank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Any JSON value coerced to a string for checks that must run in the spec's order. */
export const looseString = z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: 'Data tidak valid' }));

/** First message of a failed parse, for forms that show one toast at a time. */
export function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? 'Data tidak valid');
}
