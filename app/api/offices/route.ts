import { route } from '@/lib/server/http';
import * as offices from '@/features/offices/server/offices';
import { officeListQuery, officeSchema } from '@/features/calendar/validation/calendar';

export const GET = route({ auth: 'user', query: officeListQuery }, ({ user, query }) =>
  offices.listOffices(user, query.includeInactive === '1'),
);
export const POST = route({ auth: ['admin'], body: officeSchema }, ({ user, body }) => offices.createOffice(user, body));
