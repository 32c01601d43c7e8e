import { route } from '@/lib/server/http';
import { reportPeriodSchema } from '@/features/reports/validation/reports';
import { reportSummary } from '@/features/reports/server/reports';

export const GET = route({ auth: ['admin', 'hr'], query: reportPeriodSchema }, ({ user, query }) => reportSummary(user, query));
