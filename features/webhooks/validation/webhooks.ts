// The webhook form and its routes (docs/webhooks.md): an http(s) URL without credentials, at least one event.
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@/features/webhooks/lib/events';

const url = z
  .string()
  .trim()
  .min(1, 'URL wajib diisi')
  .max(2000, 'URL terlalu panjang')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'URL harus diawali http:// atau https:// dan tanpa nama pengguna/kata sandi');

export const webhookSchema = z.object({
  url,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Pilih minimal satu event').max(WEBHOOK_EVENTS.length),
  description: z.string().trim().max(200, 'Keterangan maksimal 200 karakter').optional().nullable(),
  active: z.boolean().optional(),
  /** The admin's explicit allowance for a private, loopback or link-local address. */
  allowPrivateNetwork: z.boolean().optional(),
});
export type WebhookInput = z.infer<typeof webhookSchema>;
