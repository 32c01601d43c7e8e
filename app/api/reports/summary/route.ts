import { route } from '@/lib/server/http';
import { reportPeriodSchema } from '@/lib/validation/reports';
import { reportSummary } from '@/lib/server/services/reports';

export const GET = route({ auth: ['admin', 'hr'], query: reportPeriodSchema }, ({ user, query }) => reportSummary(user, query));
