import { idParam, route } from '@/lib/server/http';
import * as schedules from '@/lib/server/services/schedules';
import { assignmentSchema } from '@/lib/validation/calendar';

export const POST = route({ auth: ['admin', 'hr'], params: idParam, body: assignmentSchema }, ({ user, params, body }) =>
  schedules.assignSchedule(user, params.id, body),
);
