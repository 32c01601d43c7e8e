import { json, route } from '@/lib/server/http';
import { listDelegateCandidates, listDelegateCandidatesPage } from '@/features/approvals/server/delegates';
import { delegateCandidatesQuery } from '@/features/approvals/validation/approvals';
import { pageHeaders } from '@/features/attendance/lib/history-pages';

// Who a supervisor may name as their delegate (Tunjuk Pengganti on Persetujuan Tim); empty for one without a team.
// With `limit`, one page of those matching `search` (the person picker), the count in X-* headers.
export const GET = route({ auth: 'user', query: delegateCandidatesQuery }, async ({ user, query }) => {
  if (query.limit === undefined) return listDelegateCandidates(user);
  const { people, ...info } = await listDelegateCandidatesPage(user, { ...query, limit: query.limit });
  return json(people, { headers: pageHeaders(info) });
});
