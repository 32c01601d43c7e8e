import { idParam, route } from '@/lib/server/http';
import * as offices from '@/features/offices/server/offices';
import { officeSchema } from '@/features/calendar/validation/calendar';

export const PUT = route({ auth: ['admin'], params: idParam, body: officeSchema }, ({ user, params, body }) =>
  offices.updateOffice(user, params.id, body),
);
export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => offices.deleteOffice(user, params.id));
