import { route } from '@/lib/server/http';
import { periodParams, reopenPeriodSchema } from '@/lib/validation/periods';
import { reopenPeriod } from '@/lib/server/services/periods';

export const POST = route({ auth: ['admin'], params: periodParams, body: reopenPeriodSchema }, ({ user, params, body }) =>
  reopenPeriod(user, params.month, body),
);
