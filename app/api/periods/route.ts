import { route } from '@/lib/server/http';
import { periodsQuery } from '@/lib/validation/periods';
import { listPeriods } from '@/lib/server/services/periods';

export const GET = route({ auth: ['admin', 'hr'], query: periodsQuery }, ({ user, query }) => listPeriods(user, query.year));
