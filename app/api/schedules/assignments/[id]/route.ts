import { idParam, route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';

export const DELETE = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => schedules.deleteAssignment(user, params.id));
