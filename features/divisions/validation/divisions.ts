// Divisi (docs/onboarding.md): the shape of a division as HR names it.
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';

export const DIVISION_NAME_MAX = 60;

/** POST /api/divisions, PUT /api/divisions/{id}. */
export const divisionSchema = z.object({
  name: z
    .string({ error: 'Nama divisi harus diisi' })
    .trim()
    .min(2, 'Nama divisi minimal 2 karakter')
    .max(DIVISION_NAME_MAX, `Nama divisi maksimal ${DIVISION_NAME_MAX} karakter`)
    .transform((v) => v.replace(/\s+/g, ' ')),
});
export type DivisionInput = z.output<typeof divisionSchema>;

/** A list's Divisi filter: one division's id, 'none' (people without one), or empty (everyone). */
export const divisionFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([uuidString('Divisi tidak valid'), z.literal('none')], { error: 'Divisi tidak valid' }).optional(),
);
export type DivisionFilter = z.output<typeof divisionFilter>;
