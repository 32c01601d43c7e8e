// Anti-fraud settings (docs/anti-fraud.md): shared by the route and the Pengaturan Kantor panel.
import { z } from 'zod';
import { isValidIpRule } from '@/features/attendance/lib/anti-fraud';

export const POLICIES = ['off', 'flag', 'require'] as const;
export type Policy = (typeof POLICIES)[number];
export const ACCURACY_MAX_RANGE = [10, 5000] as const;
export const CLOCK_SKEW_RANGE = [1, 240] as const;
export const MAX_IP_RULES = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const intIn = (label: string, [min, max]: readonly [number, number]) =>
  z
    .number({ error: `${label} harus berupa angka` })
    .int(`${label} harus berupa bilangan bulat`)
    .min(min, `${label} antara ${min} dan ${max}`)
    .max(max, `${label} antara ${min} dan ${max}`);

export const officeNetworkSchema = z.object({
  id: z
    .string()
    .regex(UUID, 'ID kantor tidak valid')
    .transform((s) => s.toLowerCase()),
  ipPolicy: z.enum(POLICIES, { error: 'Kebijakan jaringan tidak valid' }),
  ipAllowList: z
    .array(z.string({ error: 'Alamat IP tidak valid' }).trim().max(60, 'Alamat IP tidak valid'), { error: 'Daftar IP tidak valid' })
    .max(MAX_IP_RULES, `Maksimal ${MAX_IP_RULES} alamat IP per kantor`)
    .transform((list) => [...new Set(list.filter((s) => s !== ''))])
    .refine((list) => list.every(isValidIpRule), 'Alamat IP tidak valid: gunakan alamat seperti 203.0.113.7 atau rentang 203.0.113.0/24'),
});

export const antiFraudSettingsSchema = z
  .object({
    locationAccuracyMaxM: intIn('Batas akurasi lokasi (meter)', ACCURACY_MAX_RANGE),
    clockSkewMaxMinutes: intIn('Selisih jam perangkat (menit)', CLOCK_SKEW_RANGE),
    devicePolicy: z.enum(POLICIES, { error: 'Kebijakan perangkat tidak valid' }),
    offices: z.array(officeNetworkSchema).max(500).optional(),
  })
  .superRefine((v, ctx) => {
    for (const [i, o] of (v.offices ?? []).entries())
      if (o.ipPolicy !== 'off' && o.ipAllowList.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['offices', i, 'ipAllowList'],
          message: 'Isi minimal satu alamat IP kantor sebelum mengaktifkan aturan jaringan',
        });
  });
export type AntiFraudSettingsInput = z.output<typeof antiFraudSettingsSchema>;
