import { route } from '@/lib/server/http';
import { importAttendance, IMPORT_MAX_BODY } from '@/features/terminals/server/attendance-import';
import { attendanceImportSchema, importQuerySchema } from '@/features/terminals/validation/terminals';

export const POST = route(
  { auth: ['admin', 'hr'], body: attendanceImportSchema, query: importQuerySchema, maxBodyBytes: IMPORT_MAX_BODY },
  ({ user, body, query }) => importAttendance(user, body, query.dryRun === '1' || query.dryRun === 'true'),
);
