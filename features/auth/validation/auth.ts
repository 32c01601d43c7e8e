// Login and registration rules, in the spec's order; one schema for the form and the route.
import { z } from 'zod';
import { EMAIL_PATTERN, MAX_PASSWORD, MIN_PASSWORD, isBlank, looseString, passwordBytes, tooLongPassword } from '@/lib/validation/common';
import { ROLES } from '@/lib/roles';
import { workplaceFields } from '@/features/calendar/validation/calendar';
import { peopleFields } from '@/features/employees/validation/people';

export const loginSchema = z
  .object({ email: looseString, password: looseString })
  .superRefine((v, ctx) => {
    if (isBlank(v.email)) return void ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email harus diisi' });
    if (v.password === '') return void ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password harus diisi' });
    if (!EMAIL_PATTERN.test(v.email.trim())) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Format email tidak valid' });
    if (v.email.length > 254 || v.password.length > 1024)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Data login terlalu panjang' });
  })
  .transform((v) => ({ email: v.email.trim().toLowerCase(), password: v.password }));

export type LoginInput = z.input<typeof loginSchema>;

type ProfileFields = { name: string; email: string; position: string };

/** Name, email and position: required, trimmed, bounded. Shared by registration and the employee form. */
export function checkProfileFields(v: ProfileFields, ctx: z.RefinementCtx): boolean {
  const fail = (path: string, message: string) => (ctx.addIssue({ code: 'custom', path: [path], message }), false);
  if (isBlank(v.name)) return fail('name', 'Nama lengkap harus diisi');
  if (isBlank(v.email)) return fail('email', 'Email harus diisi');
  if (!EMAIL_PATTERN.test(v.email.trim())) return fail('email', 'Format email tidak valid');
  if (isBlank(v.position)) return fail('position', 'Posisi harus diisi');
  if (v.name.trim().length > 100) return fail('name', 'Nama lengkap maksimal 100 karakter');
  if (v.email.trim().length > 254) return fail('email', 'Email terlalu panjang');
  if (v.position.trim().length > 100) return fail('position', 'Posisi maksimal 100 karakter');
  return true;
}

export function checkNewPassword(password: string, ctx: z.RefinementCtx, path = 'password'): boolean {
  if (password === '') return (ctx.addIssue({ code: 'custom', path: [path], message: 'Password harus diisi' }), false);
  if (password.length < MIN_PASSWORD)
    return (ctx.addIssue({ code: 'custom', path: [path], message: 'Password minimal 6 karakter' }), false);
  if (passwordBytes(password) > MAX_PASSWORD)
    return (ctx.addIssue({ code: 'custom', path: [path], message: tooLongPassword('Password') }), false);
  return true;
}

const normalise = <T extends ProfileFields>(v: T) => ({
  ...v,
  name: v.name.trim(),
  email: v.email.trim().toLowerCase(),
  position: v.position.trim(),
});

/** The register page's form, with the confirmation the payload drops. */
export const registerFormSchema = z
  .object({
    name: looseString,
    email: looseString,
    position: looseString,
    password: looseString,
    confirmPassword: looseString,
    adminToken: looseString,
  })
  .superRefine((v, ctx) => {
    if (!checkProfileFields(v, ctx)) return;
    if (v.password === '') return void ctx.addIssue({ code: 'custom', path: ['password'], message: 'Password harus diisi' });
    if (v.password !== v.confirmPassword)
      return void ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Password dan konfirmasi password tidak sama' });
    checkNewPassword(v.password, ctx);
  });

/** POST /auth/register: self-registration (adminToken optional) or an admin adding a user (role). */
export const registerPayloadSchema = z
  .object({
    name: looseString,
    email: looseString,
    position: looseString,
    password: looseString,
    adminToken: z.string().max(512).optional(),
    role: z.enum(ROLES, { error: 'Role tidak valid' }).optional(),
    // An admin adding a user may say whether they are on the payroll (default: not for an admin account).
    onPayroll: z.boolean({ error: 'Ikut penggajian harus ya atau tidak' }).optional(),
    // An admin adding a user may also set where and when they work (docs/calendar.md).
    ...workplaceFields,
    // ... and NIK karyawan, phone and division (docs/onboarding.md).
    ...peopleFields,
  })
  .superRefine((v, ctx) => {
    if (!checkProfileFields(v, ctx)) return;
    checkNewPassword(v.password, ctx);
  })
  .transform(normalise);

export type RegisterPayload = z.output<typeof registerPayloadSchema>;

/** next-auth's catch-all segment (/api/auth/[...nextauth]), read as one action: 'session', 'csrf'. */
export const nextAuthParams = z.object({ nextauth: z.array(z.string()).default([]) }).transform((p) => p.nextauth.join('/'));
