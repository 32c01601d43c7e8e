import { route } from '@/lib/server/http';
import * as holidays from '@/lib/server/services/holidays';
import { prefillSchema } from '@/lib/validation/calendar';

export const POST = route({ auth: ['admin'], body: prefillSchema }, ({ user, body }) => holidays.prefillYear(user, body.year));
