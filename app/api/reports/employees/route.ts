import { route } from '@/lib/server/http';
import { reportEmployees } from '@/features/reports/server/reports';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => reportEmployees(user));
