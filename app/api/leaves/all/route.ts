import { route } from '@/lib/server/http';
import { leaveListQuery } from '@/lib/validation/leave';
import * as leave from '@/lib/server/services/leave';

// Admin and HR: everyone; a supervisor: the team (the service decides).
export const GET = route({ auth: 'user', query: leaveListQuery }, ({ user, query }) => leave.listAllLeaves(user, query));
