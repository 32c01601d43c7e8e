// NIK karyawan, phone and division in the employee form and PUT /users/{id} (docs/onboarding.md): each
// optional (left out: unchanged), empty text or null clears it.
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';
import { machinePinField } from '@/features/terminals/validation/terminals';
import { EMPLOYEE_NUMBER_MSG, PHONE_MSG, normaliseEmployeeNumber, normalisePhone } from '@/features/employees/lib/people';

const cleared = (v: unknown) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v);

export const peopleFields = {
  employeeNumber: z.preprocess(
    cleared,
    z
      .string({ error: EMPLOYEE_NUMBER_MSG })
      .transform((v, ctx) => normaliseEmployeeNumber(v) ?? (ctx.addIssue({ code: 'custom', message: EMPLOYEE_NUMBER_MSG }), z.NEVER))
      .nullable()
      .optional(),
  ),
  phone: z.preprocess(
    cleared,
    z
      .string({ error: PHONE_MSG })
      .max(40, PHONE_MSG)
      .transform((v, ctx) => normalisePhone(v) ?? (ctx.addIssue({ code: 'custom', message: PHONE_MSG }), z.NEVER))
      .nullable()
      .optional(),
  ),
  divisionId: z.preprocess(cleared, uuidString('Divisi tidak valid').nullable().optional()),
  /** PIN mesin absensi (docs/terminals.md). */
  machinePin: machinePinField.optional(),
};
export type PeopleInput = { employeeNumber?: string | null; phone?: string | null; divisionId?: string | null; machinePin?: string | null };
