import { json, route } from '@/lib/server/http';
import { listUsersQuery } from '@/features/employees/validation/users';
import { listUserNames, listUserNamesPage, listUsers, listUsersPage } from '@/features/employees/server/users';
import { pageHeaders } from '@/features/attendance/lib/history-pages';
import { ROLE_COUNTS_HEADER } from '@/features/employees/lib/users-page';

/** The contract's list of users; `view=names` the pickers' short form (with `limit`, one page of it: the server-searched picker); with `page`, one page of it, the page info and role counts in X-* headers. */
export const GET = route({ auth: ['admin', 'hr'], query: listUsersQuery }, async ({ user, query }) => {
  if (query.view === 'names') {
    if (query.limit === undefined) return listUserNames(user, query);
    const { people, ...info } = await listUserNamesPage(user, { ...query, limit: query.limit });
    return json(people, { headers: pageHeaders(info) });
  }
  if (query.page === undefined) return listUsers(user, query);
  const { users, roleCounts, ...info } = await listUsersPage(user, { ...query, page: query.page });
  return json(users, { headers: { ...pageHeaders(info), [ROLE_COUNTS_HEADER]: JSON.stringify(roleCounts) } });
});
