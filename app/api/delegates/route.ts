import { json, route } from '@/lib/server/http';
import { delegateSchema } from '@/features/approvals/validation/approvals';
import { createDelegate, listDelegates } from '@/features/approvals/server/delegates';

export const GET = route({ auth: 'user' }, ({ user }) => listDelegates(user));
export const POST = route({ auth: 'user', body: delegateSchema }, async ({ user, body }) =>
  json(await createDelegate(user, body), { status: 201 }),
);
