import { route } from '@/lib/server/http';
import { leaveListQuery } from '@/features/leave/validation/leave';
import * as leave from '@/features/leave/server/leave';

// Admin and HR: everyone; a supervisor: the team (the service decides).
export const GET = route({ auth: 'user', query: leaveListQuery }, ({ user, query }) => leave.listAllLeaves(user, query));
