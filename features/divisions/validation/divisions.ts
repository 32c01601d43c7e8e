// Divisi (docs/onboarding.md): the shape of a division as HR names it.
import { z } from 'zod';

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
