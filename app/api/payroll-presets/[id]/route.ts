import { route, idParam } from '@/lib/server/http';
import { payrollPresetSchema } from '@/features/payroll/validation/payroll';
import { deletePayrollPreset, updatePayrollPreset } from '@/features/payroll/server/payroll-presets';

export const PUT = route({ auth: ['admin'], params: idParam, body: payrollPresetSchema }, ({ user, params, body }) =>
  updatePayrollPreset(user, params.id, body),
);

export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => deletePayrollPreset(user, params.id));
