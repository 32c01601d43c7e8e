import { json, route } from '@/lib/server/http';
import { createOvertime, listOvertime } from '@/features/overtime/server/overtime';
import { overtimeCreateSchema, overtimeListQuerySchema } from '@/features/overtime/validation/overtime';

// Lists are scoped in the service: own and team for everyone, all for admin and HR.
export const GET = route({ auth: 'user', query: overtimeListQuerySchema }, ({ user, query }) => listOvertime(user, query));
// An own request, or admin/HR assigning overtime to another employee.
export const POST = route({ auth: 'user', body: overtimeCreateSchema }, async ({ user, body }) =>
  json(await createOvertime(user, body), { status: 201 }),
);
