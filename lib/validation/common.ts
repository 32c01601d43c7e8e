import { z } from 'zod';

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
