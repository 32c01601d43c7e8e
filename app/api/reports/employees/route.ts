import { route } from '@/lib/server/http';
import { reportEmployees } from '@/lib/server/services/reports';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => reportEmployees(user));
