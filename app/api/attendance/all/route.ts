import { route } from '@/lib/server/http';
import { attendanceListQuerySchema } from '@/lib/validation/reports';
import { listAllAttendance } from '@/lib/server/services/attendance-list';

export const GET = route({ auth: ['admin', 'hr'], query: attendanceListQuerySchema }, ({ user, query }) => listAllAttendance(user, query));
