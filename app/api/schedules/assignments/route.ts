import { route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';
import { assignmentListQuery } from '@/features/calendar/validation/calendar';

export const GET = route({ auth: ['admin', 'hr'], query: assignmentListQuery }, ({ user, query }) =>
  schedules.listAssignments(user, query.userId),
);
