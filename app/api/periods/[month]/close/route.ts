import { route } from '@/lib/server/http';
import { closePeriodSchema, periodParams } from '@/features/periods/validation/periods';
import { closePeriod } from '@/features/periods/server/periods';

export const POST = route({ auth: ['admin', 'hr'], params: periodParams, body: closePeriodSchema }, ({ user, params, body }) =>
  closePeriod(user, params.month, body),
);
