import { route } from '@/lib/server/http';
import { officeLocationPayloadSchema } from '@/lib/validation/settings';
import { getOfficeLocation, updateOfficeLocation } from '@/lib/server/services/settings';

export const GET = route({ auth: 'user' }, ({ user }) => getOfficeLocation(user));

export const PUT = route({ auth: ['admin'], body: officeLocationPayloadSchema }, ({ user, body }) => updateOfficeLocation(user, body));
