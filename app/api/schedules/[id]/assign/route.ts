import { idParam, route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';
import { assignmentSchema } from '@/features/calendar/validation/calendar';

export const POST = route({ auth: ['admin', 'hr'], params: idParam, body: assignmentSchema }, ({ user, params, body }) =>
  schedules.assignSchedule(user, params.id, body),
);
