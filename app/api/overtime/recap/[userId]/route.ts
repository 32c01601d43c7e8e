import { route } from '@/lib/server/http';
import { overtimeRecap } from '@/lib/server/services/overtime-figures';
import { userIdParam } from '@/lib/validation/attendance';
import { overtimeRecapQuerySchema } from '@/lib/validation/overtime';

export const GET = route({ auth: 'user', params: userIdParam, query: overtimeRecapQuerySchema }, ({ user, params, query }) =>
  overtimeRecap(user, params.userId, query),
);
