import { route } from '@/lib/server/http';
import { activateSchema } from '@/features/employees/validation/invites';
import { activate } from '@/features/employees/server/invites';

export const POST = route({ auth: 'public', body: activateSchema }, ({ body }) => activate(body));
