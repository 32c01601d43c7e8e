import { route } from '@/lib/server/http';
import { periodParams, reopenPeriodSchema } from '@/features/periods/validation/periods';
import { reopenPeriod } from '@/features/periods/server/periods';

export const POST = route({ auth: ['admin', 'hr'], params: periodParams, body: reopenPeriodSchema }, ({ user, params, body }) =>
  reopenPeriod(user, params.month, body),
);
