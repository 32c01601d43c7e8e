import { route } from '@/lib/server/http';
import { overtimeRecap } from '@/features/overtime/server/overtime-figures';
import { userIdParam } from '@/features/attendance/validation/attendance';
import { overtimeRecapQuerySchema } from '@/features/overtime/validation/overtime';

export const GET = route({ auth: 'user', params: userIdParam, query: overtimeRecapQuerySchema }, ({ user, params, query }) =>
  overtimeRecap(user, params.userId, query),
);
