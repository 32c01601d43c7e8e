import { route } from '@/lib/server/http';
import { officeLocationPayloadSchema } from '@/features/settings/validation/settings';
import { getOfficeLocation, updateOfficeLocation } from '@/features/settings/server/settings';

export const GET = route({ auth: 'user' }, ({ user }) => getOfficeLocation(user));

export const PUT = route({ auth: ['admin'], body: officeLocationPayloadSchema }, ({ user, body }) => updateOfficeLocation(user, body));
