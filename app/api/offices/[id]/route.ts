import { idParam, route } from '@/lib/server/http';
import * as offices from '@/lib/server/services/offices';
import { officeSchema } from '@/lib/validation/calendar';

export const PUT = route({ auth: ['admin'], params: idParam, body: officeSchema }, ({ user, params, body }) =>
  offices.updateOffice(user, params.id, body),
);
export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => offices.deleteOffice(user, params.id));
