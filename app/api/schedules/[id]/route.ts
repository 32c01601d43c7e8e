import { idParam, route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';
import { scheduleSchema } from '@/features/calendar/validation/calendar';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: scheduleSchema }, ({ user, params, body }) =>
  schedules.updateSchedule(user, params.id, body),
);
export const DELETE = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => schedules.deleteSchedule(user, params.id));
