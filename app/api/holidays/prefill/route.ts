import { route } from '@/lib/server/http';
import * as holidays from '@/features/calendar/server/holidays';
import { prefillSchema } from '@/features/calendar/validation/calendar';

export const POST = route({ auth: ['admin', 'hr'], body: prefillSchema }, ({ user, body }) => holidays.prefillYear(user, body.year));
