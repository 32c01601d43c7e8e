// Whether the configured DEFAULT_EMPLOYEE_PASSWORD (given to users an admin adds and to password
// resets) is weak or one of the demo values: the admin screens then warn the administrator.
import 'server-only';
import { getEnv } from '@/lib/env';

/** Demo values of this repository and passwords that lead every breached-password list. */
const DEMO = [
  'karyawan123',
  'absensi123',
  'password',
  'password1',
  'password123',
  '123456',
  '12345678',
  '123456789',
  'qwerty',
  'admin123',
  'rahasia',
  'rahasia123',
];

export const MIN_STRONG_LENGTH = 12;

/** Why the default password is weak, in Indonesian, or null when it is not. */
export function defaultPasswordWeakness(password = getEnv().DEFAULT_EMPLOYEE_PASSWORD): string | null {
  if (DEMO.includes(password.toLowerCase())) return 'memakai nilai contoh/demo yang diketahui umum';
  if (password.length < MIN_STRONG_LENGTH) return `kurang dari ${MIN_STRONG_LENGTH} karakter`;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  if (classes < 3) return 'tidak memadukan huruf besar, huruf kecil, angka dan simbol';
  return null;
}
