import { route } from '@/lib/server/http';
import { IMPORT_MAX_BODY, importBodySchema, importQuerySchema } from '@/features/employees/validation/import';
import { importUsers } from '@/features/employees/server/import/import';

export const POST = route(
  { auth: ['admin', 'hr'], query: importQuerySchema, body: importBodySchema, maxBodyBytes: IMPORT_MAX_BODY },
  ({ user, query, body, req }) => importUsers(user, body, query.dryRun === '1' || query.dryRun === 'true', req.nextUrl.origin),
);
