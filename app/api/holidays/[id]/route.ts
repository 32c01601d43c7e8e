import { idParam, route } from '@/lib/server/http';
import * as holidays from '@/lib/server/services/holidays';
import { holidaySchema } from '@/lib/validation/calendar';

export const PUT = route({ auth: ['admin'], params: idParam, body: holidaySchema }, ({ user, params, body }) =>
  holidays.updateHoliday(user, params.id, body),
);
export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => holidays.deleteHoliday(user, params.id));
