// Self-registration policy (Pengaturan → Pendaftaran): open, allowed e-mail domains, or admin approval.
import { z } from 'zod';

export const REGISTRATION_POLICIES = ['open', 'domains', 'approval'] as const;
export type RegistrationPolicy = (typeof REGISTRATION_POLICIES)[number];

export const REGISTRATION_POLICY_LABELS: Record<RegistrationPolicy, string> = {
  open: 'Terbuka: siapa pun dapat mendaftar',
  domains: 'Hanya email dengan domain tertentu',
  approval: 'Perlu persetujuan administrator',
};

export const MAX_DOMAINS = 20;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** 'Kantor.co.id', '@kantor.co.id ' → 'kantor.co.id'. */
export const normaliseDomain = (d: string) => d.trim().toLowerCase().replace(/^@/, '');

export const registrationPolicySchema = z
  .object({
    policy: z.enum(REGISTRATION_POLICIES, { error: 'Kebijakan pendaftaran tidak valid' }),
    domains: z
      .array(z.string().max(253, 'Domain terlalu panjang'), { error: 'Daftar domain tidak valid' })
      .max(MAX_DOMAINS, `Maksimal ${MAX_DOMAINS} domain`)
      .default([]),
    /** New people (import) get the default password (must be changed) rather than only an activation link; left out: unchanged. */
    defaultPasswordOnboarding: z.boolean({ error: 'Pilihan password awal tidak valid' }).optional(),
  })
  .transform((v) => ({
    policy: v.policy,
    domains: [...new Set(v.domains.map(normaliseDomain).filter(Boolean))],
    defaultPasswordOnboarding: v.defaultPasswordOnboarding,
  }))
  .superRefine((v, ctx) => {
    const bad = v.domains.find((d) => !DOMAIN.test(d));
    if (bad) ctx.addIssue({ code: 'custom', path: ['domains'], message: `Domain tidak valid: ${bad}` });
    else if (v.policy === 'domains' && v.domains.length === 0)
      ctx.addIssue({ code: 'custom', path: ['domains'], message: 'Isi minimal satu domain email yang diizinkan' });
  });

export type RegistrationPolicyInput = z.output<typeof registrationPolicySchema>;
