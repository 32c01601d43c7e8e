// Device registration (docs/anti-fraud.md): shared by the route handlers and the pages.
import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const registerDeviceSchema = z.object({
  name: z
    .string({ error: 'Nama perangkat wajib diisi' })
    .trim()
    .min(1, 'Nama perangkat wajib diisi')
    .max(80, 'Nama perangkat maksimal 80 karakter'),
  /** SPKI (DER) of an ECDSA P-256 public key, base64: ~124 characters. */
  publicKey: z
    .string({ error: 'Kunci perangkat tidak valid' })
    .min(40, 'Kunci perangkat tidak valid')
    .max(400, 'Kunci perangkat tidak valid')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Kunci perangkat tidak valid'),
});
export type RegisterDeviceInput = z.output<typeof registerDeviceSchema>;

/** GET /devices: admins and HR may list one employee's devices, or every device (all=1). */
export const deviceListQuerySchema = z.object({
  userId: z
    .string()
    .regex(UUID, 'ID pengguna tidak valid')
    .transform((s) => s.toLowerCase())
    .optional(),
  all: z.enum(['1']).optional(),
});
export type DeviceListQuery = z.output<typeof deviceListQuerySchema>;
