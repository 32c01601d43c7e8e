import { route } from '@/lib/server/http';
import { closePeriodSchema, periodParams } from '@/lib/validation/periods';
import { closePeriod } from '@/lib/server/services/periods';

export const POST = route({ auth: ['admin'], params: periodParams, body: closePeriodSchema }, ({ user, params, body }) =>
  closePeriod(user, params.month, body),
);
