import { json, route } from '@/lib/server/http';
import { attendanceListQuerySchema } from '@/features/reports/validation/reports';
import { listAllAttendance } from '@/features/attendance/server/attendance-list';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

/** The contract's list of records, one page of it (`page`, `limit`); page info in X-* headers, as the employee history. */
export const GET = route({ auth: ['admin', 'hr'], query: attendanceListQuerySchema }, async ({ user, query }) => {
  const { records, ...info } = await listAllAttendance(user, query);
  return json(records, { headers: pageHeaders(info) });
});
