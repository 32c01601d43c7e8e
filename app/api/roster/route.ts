import { route } from '@/lib/server/http';
import * as roster from '@/features/calendar/server/roster';
import { rosterQuery, rosterUpdateSchema } from '@/features/calendar/validation/calendar';

export const GET = route({ auth: ['admin', 'hr'], query: rosterQuery }, ({ user, query }) => roster.getRoster(user, query));
export const PUT = route({ auth: ['admin', 'hr'], body: rosterUpdateSchema, maxBodyBytes: 1024 * 1024 }, ({ user, body }) =>
  roster.updateRoster(user, body),
);
