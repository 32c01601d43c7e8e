import { json, route } from '@/lib/server/http';
import { createOvertime, listOvertime, pageOvertime } from '@/features/overtime/server/overtime';
import { overtimeCreateSchema, overtimeListQuerySchema } from '@/features/overtime/validation/overtime';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

// Lists are scoped in the service: own and team for everyone, all for admin and HR. With `page`, one page
// with its total in X-Total-Count (the attendance history's convention).
export const GET = route({ auth: 'user', query: overtimeListQuerySchema }, async ({ user, query }) => {
  if (!query.page) return listOvertime(user, query);
  const { items, ...info } = await pageOvertime(user, query);
  return json(items, { headers: pageHeaders(info) });
});
// An own request, admin/HR assigning overtime to another employee, or (onBehalf) recording it for them.
export const POST = route({ auth: 'user', body: overtimeCreateSchema }, async ({ user, body }) =>
  json(await createOvertime(user, body), { status: 201 }),
);
