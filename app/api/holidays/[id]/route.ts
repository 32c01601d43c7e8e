import { idParam, route } from '@/lib/server/http';
import * as holidays from '@/features/calendar/server/holidays';
import { holidaySchema } from '@/features/calendar/validation/calendar';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: holidaySchema }, ({ user, params, body }) =>
  holidays.updateHoliday(user, params.id, body),
);
export const DELETE = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => holidays.deleteHoliday(user, params.id));
