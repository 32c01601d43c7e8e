import { route } from '@/lib/server/http';
import { adminDashboard } from '@/lib/server/services/dashboard';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => adminDashboard(user));
