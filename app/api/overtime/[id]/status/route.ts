import { idParam, route } from '@/lib/server/http';
import { setOvertimeStatus } from '@/features/overtime/server/overtime-decisions';
import { overtimeStatusSchema } from '@/features/overtime/validation/overtime';

// Any signed-in user: the service lets through a supervisor (first step) and admin or HR (last step).
export const PUT = route({ auth: 'user', params: idParam, body: overtimeStatusSchema }, ({ user, params, body }) =>
  setOvertimeStatus(user, params.id, body.status, body.note),
);
