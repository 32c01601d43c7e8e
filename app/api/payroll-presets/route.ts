import { route } from '@/lib/server/http';
import { payrollPresetSchema } from '@/features/payroll/validation/payroll';
import { createPayrollPreset, listPayrollPresets } from '@/features/payroll/server/payroll-presets';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => listPayrollPresets(user));

export const POST = route({ auth: ['admin'], body: payrollPresetSchema }, ({ user, body }) => createPayrollPreset(user, body));
