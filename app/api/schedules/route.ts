import { route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';
import { scheduleSchema } from '@/features/calendar/validation/calendar';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => schedules.listSchedules(user));
export const POST = route({ auth: ['admin', 'hr'], body: scheduleSchema }, ({ user, body }) => schedules.createSchedule(user, body));
