import { json, route } from '@/lib/server/http';
import { attendanceListQuerySchema } from '@/lib/validation/reports';
import { listAllAttendance } from '@/lib/server/services/attendance-list';
import { pageHeaders } from '@/lib/attendance/history-pages';

/** The contract's list of records, one page of it (`page`, `limit`); page info in X-* headers, as the employee history. */
export const GET = route({ auth: ['admin', 'hr'], query: attendanceListQuerySchema }, async ({ user, query }) => {
  const { records, ...info } = await listAllAttendance(user, query);
  return json(records, { headers: pageHeaders(info) });
});
