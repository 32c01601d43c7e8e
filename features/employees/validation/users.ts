// User management and own-account rules (employee form, profile, password change), each checked in a
// fixed order so the first failure is the one message shown; shared by the pages and the /users routes.
import { z } from 'zod';
import {
  MAX_PASSWORD,
  MIN_PASSWORD,
  UUID_PATTERN,
  isBlank,
  looseString,
  passwordBytes,
  tooLongPassword,
  uuidString,
} from '@/lib/validation/common';
import { checkProfileFields, checkNewPassword } from '@/features/auth/validation/auth';
import { checkWorkingHours } from '@/features/settings/validation/settings';
import { ROLES, type Role } from '@/lib/roles';
import { workplaceFields } from '@/features/calendar/validation/calendar';
import { peopleFields } from '@/features/employees/validation/people';
export { MAX_ALLOWED_OFFICES, type WorkplaceInput } from '@/features/calendar/validation/calendar';

const issue = (ctx: z.RefinementCtx, path: string, message: string) => (ctx.addIssue({ code: 'custom', path: [path], message }), false);

const roleField = z.enum(ROLES, { error: 'Role tidak valid' });
/** An optional id the contract sends along; the server only accepts the caller's own. */
const optionalUserId = z.string({ error: 'ID pengguna tidak valid' }).max(64, { error: 'ID pengguna tidak valid' }).optional();

const normaliseProfile = <T extends { name: string; email: string; position: string }>(v: T) => ({
  ...v,
  name: v.name.trim(),
  email: v.email.trim().toLowerCase(),
  position: v.position.trim(),
});

/** Role select of the employee modal, in the order offered. */
export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'employee', label: 'Karyawan' },
  { value: 'hr', label: 'HR' },
  { value: 'admin', label: 'Administrator' },
];

export { roleBadge } from '@/features/employees/lib/role-badge';

/** Ikut penggajian (docs/recap.md, "Who is on the payroll"): left out, it keeps its value (on adding: the role's default). */
export const onPayrollField = z.boolean({ error: 'Ikut penggajian harus ya atau tidak' }).optional();

/** The default of a new account: employees and HR are on the payroll, admin accounts not. */
export const defaultOnPayroll = (role: Role) => role !== 'admin';

/** PUT /users/{id}: name, email, position and role (never a password), optionally the workplace fields, and
 * `supervisorId`: the atasan who decides leave first, null to remove (docs/leave.md). */

export const updateUserSchema = z
  .object({
    name: looseString,
    email: looseString,
    position: looseString,
    role: roleField,
    ...workplaceFields,
    supervisorId: z.string({ error: 'Atasan tidak valid' }).regex(UUID_PATTERN, 'Atasan tidak valid').nullable().optional(),
    onPayroll: onPayrollField,
    ...peopleFields,
  })
  .superRefine((v, ctx) => void checkProfileFields(v, ctx))
  .transform((v) => ({
    ...normaliseProfile(v),
    supervisorId: v.supervisorId === undefined ? undefined : (v.supervisorId?.toLowerCase() ?? null),
  }));
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** POST /users/{id}/reset-password: the contract sends `newPassword` (the default); the server always uses its own. */
export const resetPasswordSchema = z.object({ newPassword: z.string().max(MAX_PASSWORD).optional() }).passthrough();

/** The employee modal: add needs the default password, both modes may set own working hours (empty = default). */
export function employeeFormSchema(mode: 'add' | 'edit') {
  return z
    .object({
      name: looseString,
      email: looseString,
      position: looseString,
      role: roleField,
      password: looseString,
      workStart: looseString,
      workEnd: looseString,
    })
    .superRefine((v, ctx) => {
      if (!checkProfileFields(v, ctx)) return;
      if (mode === 'add' && !checkNewPassword(v.password, ctx)) return;
      if (isBlank(v.workStart) && isBlank(v.workEnd)) return;
      checkWorkingHours(v.workStart, v.workEnd, ctx, 'work');
    });
}
export type EmployeeFormValues = z.input<ReturnType<typeof employeeFormSchema>>;

/** PUT /users/profile/update: the caller's own name, email and position. */
export const profileUpdateSchema = z
  .object({ userId: optionalUserId, name: looseString, email: looseString, position: looseString })
  .superRefine((v, ctx) => void checkProfileFields(v, ctx))
  .transform(normaliseProfile);
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

function checkPasswordChange(v: { currentPassword: string; newPassword: string }, ctx: z.RefinementCtx): boolean {
  if (v.currentPassword === '') return issue(ctx, 'currentPassword', 'Password saat ini harus diisi');
  if (v.newPassword.length < MIN_PASSWORD) return issue(ctx, 'newPassword', 'Password baru minimal 6 karakter');
  if (passwordBytes(v.newPassword) > MAX_PASSWORD) return issue(ctx, 'newPassword', tooLongPassword('Password baru'));
  if (v.currentPassword.length > 1024) return issue(ctx, 'currentPassword', 'Password saat ini terlalu panjang');
  return true;
}

/** PUT /users/profile/change-password. */
export const changePasswordSchema = z
  .object({ userId: optionalUserId, currentPassword: looseString, newPassword: looseString })
  .superRefine((v, ctx) => void checkPasswordChange(v, ctx));
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** The account page's form, with the confirmation the payload drops. */
export const changePasswordFormSchema = z
  .object({ currentPassword: looseString, newPassword: looseString, confirmPassword: looseString })
  .superRefine((v, ctx) => {
    if (!checkPasswordChange(v, ctx)) return;
    if (v.newPassword !== v.confirmPassword) issue(ctx, 'confirmPassword', 'Password baru dan konfirmasi tidak sama');
  });

/** GET /users: optional role filter and search (name, email, position; case-insensitive). */
/** Most people one page of GET /users?page= carries. */
export const USERS_PAGE_LIMIT = 100;

export const listUsersQuery = z.object({
  role: roleField.optional(),
  search: z.string().max(100, { error: 'Kata kunci terlalu panjang' }).optional(),
  /** aktif (default): employed accounts; nonaktif: deactivated ones; semua: both. */
  status: z.enum(['aktif', 'nonaktif', 'semua'], { error: 'Status tidak valid' }).optional(),
  /** Divisi: one division's people; 'none': those without one. */
  divisionId: z.union([uuidString('Divisi tidak valid'), z.literal('none')], { error: 'Divisi tidak valid' }).optional(),
  /** names: only id, name, role, position and email of each person (the pickers: a fifth of the bytes, no joins). */
  view: z.enum(['names'], { error: 'Tampilan tidak valid' }).optional(),
  /** Only these people, ids separated by commas (a picker naming the ones already chosen). */
  ids: z
    .string()
    .max(USERS_PAGE_LIMIT * 37, { error: 'Pengguna tidak valid' })
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(uuidString('Pengguna tidak valid')).max(USERS_PAGE_LIMIT, { error: 'Pengguna tidak valid' }))
    .optional(),
  /** One page (from 1) of `limit` people, the page info in X-* headers; without `page`, the whole list (the contract's). */
  page: z.coerce
    .number({ error: 'Halaman tidak valid' })
    .int('Halaman tidak valid')
    .min(1, 'Halaman tidak valid')
    .max(100_000, 'Halaman tidak valid')
    .optional(),
  limit: z.coerce
    .number({ error: 'Batas tidak valid' })
    .int('Batas tidak valid')
    .min(1, 'Batas tidak valid')
    .max(USERS_PAGE_LIMIT, `Batas maksimal ${USERS_PAGE_LIMIT}`)
    .optional(),
});
export type ListUsersQuery = z.output<typeof listUsersQuery>;
