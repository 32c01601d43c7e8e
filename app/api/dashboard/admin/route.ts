import { route } from '@/lib/server/http';
import { adminDashboard } from '@/features/reports/server/dashboard';
import { dashboardQuery } from '@/features/reports/validation/reports';

export const GET = route({ auth: ['admin', 'hr'], query: dashboardQuery }, ({ user, query }) =>
  adminDashboard(user, new Date(), query.officeId ?? null),
);
