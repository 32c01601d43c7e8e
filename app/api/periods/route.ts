import { route } from '@/lib/server/http';
import { periodsQuery } from '@/features/periods/validation/periods';
import { listPeriods } from '@/features/periods/server/periods';

export const GET = route({ auth: ['admin', 'hr'], query: periodsQuery }, ({ user, query }) => listPeriods(user, query.year));
