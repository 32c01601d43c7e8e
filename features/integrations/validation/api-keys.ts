// API key requests (docs/integrations.md): an admin names the integration and ticks its scopes.
import { z } from 'zod';
import { API_KEY_SCOPES } from '@/features/integrations/lib/scopes';

export const createApiKeySchema = z.object({
  name: z.string({ error: 'Nama kunci wajib diisi' }).trim().min(1, 'Nama kunci wajib diisi').max(80, 'Nama kunci maksimal 80 karakter'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Izin tidak dikenal' }), { error: 'Pilih minimal satu izin' })
    .min(1, 'Pilih minimal satu izin')
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Izin tidak boleh ganda'),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;
