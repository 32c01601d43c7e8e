// Activation links (docs/onboarding.md): the body of POST /api/auth/activate and the activation page's form.
import { z } from 'zod';
import { looseString, uuidString } from '@/lib/validation/common';
import { checkNewPassword } from '@/features/auth/validation/auth';

/** Days an activation link stays valid. */
export const INVITE_DAYS = 7;
export const INVITE_INVALID = 'Tautan aktivasi tidak valid. Minta tautan baru ke HR.';
export const INVITE_USED = 'Tautan aktivasi sudah dipakai. Silakan masuk dengan password Anda, atau minta tautan baru ke HR.';
export const INVITE_EXPIRED = `Tautan aktivasi sudah kedaluwarsa (berlaku ${INVITE_DAYS} hari). Minta tautan baru ke HR.`;

export const activateSchema = z
  .object({
    token: z.string({ error: INVITE_INVALID }).min(20, INVITE_INVALID).max(200, INVITE_INVALID),
    password: looseString,
  })
  .superRefine((v, ctx) => void checkNewPassword(v.password, ctx));
export type ActivateInput = z.output<typeof activateSchema>;

/** The page's form: the password twice. */
export const activateFormSchema = z.object({ password: looseString, confirmPassword: looseString }).superRefine((v, ctx) => {
  if (!checkNewPassword(v.password, ctx)) return;
  if (v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Password dan konfirmasi password tidak sama' });
});

/** POST /api/users/{id}/invite: `send` also sends the link by e-mail and WhatsApp (the channels that are on). */
export const inviteSchema = z.object({ send: z.boolean({ error: 'send harus true atau false' }).optional() });
export type InviteInput = z.output<typeof inviteSchema>;

/** At most this many activation cards in one print. */
export const INVITE_PRINT_MAX = 500;
/** POST /api/users/invites { userIds }: new links for these people, as a printable PDF with a QR code each. */
export const invitePrintSchema = z.object({
  userIds: z
    .array(uuidString('ID karyawan tidak valid'), { error: 'Pilih karyawan yang akan diundang' })
    .min(1, 'Pilih karyawan yang akan diundang')
    .max(INVITE_PRINT_MAX, `Paling banyak ${INVITE_PRINT_MAX} karyawan sekali cetak`),
});
export type InvitePrintInput = z.output<typeof invitePrintSchema>;
export const INVITE_PRINT_NONE =
  'Tidak ada karyawan yang dapat diundang: akun tidak ditemukan, nonaktif, akun Anda sendiri, atau administrator (untuk HR).';
