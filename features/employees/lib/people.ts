// People as HR knows them (docs/onboarding.md): the employee number (NIK karyawan) and the phone number,
// normalised the one way the forms, the import and the server store them. Pure: browser and server.

/** NIK karyawan: 1–30 letters and digits, stored upper-case ('k-001' is not one; 'k001' is 'K001'). */
export const EMPLOYEE_NUMBER_MAX = 30;
export const EMPLOYEE_NUMBER_MSG = `NIK karyawan hanya boleh berisi huruf dan angka (maksimal ${EMPLOYEE_NUMBER_MAX} karakter)`;

/** The stored form of an employee number, or null when it is not one. */
export function normaliseEmployeeNumber(raw: string): string | null {
  const v = raw.trim().toUpperCase();
  return /^[A-Z0-9]+$/.test(v) && v.length <= EMPLOYEE_NUMBER_MAX ? v : null;
}

export const PHONE_MSG = 'Nomor HP tidak valid: tulis seperti 0812 3456 7890 atau +62 812 3456 7890';

/**
 * A phone number as stored: digits only, with the country code, no '+' ('6281234567890'), what WhatsApp
 * gateways take. Accepts what people type: '0812-3456-7890', '+62 812 3456 7890', '62812…', '812…'
 * (spaces, dots, dashes and brackets dropped). Other countries' numbers keep their '+' code ('+65 …' →
 * '65…'). Null when it is not a phone number (fewer than 8 or more than 15 digits, letters).
 */
export function normalisePhone(raw: string): string | null {
  const v = raw.trim().replace(/[\s().-]/g, '');
  if (!/^\+?\d+$/.test(v)) return null;
  let digits: string;
  if (v.startsWith('+')) digits = v.slice(1);
  else if (v.startsWith('0')) digits = `62${v.slice(1)}`;
  else if (v.startsWith('62')) digits = v;
  else if (v.startsWith('8')) digits = `62${v}`;
  else return null;
  if (digits.startsWith('620')) digits = `62${digits.slice(3)}`;
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** How a stored phone number is shown: '+62 812-3456-7890'. */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  if (!stored.startsWith('62')) return `+${stored}`;
  const rest = stored.slice(2);
  return `+62 ${rest.slice(0, 3)}-${rest.slice(3, 7)}${rest.length > 7 ? `-${rest.slice(7)}` : ''}`;
}
