import { route, idParam } from '@/lib/server/http';
import { createInvite, inviteStatus, revokeInvite } from '@/features/employees/server/invites';
import { inviteSchema } from '@/features/employees/validation/invites';

export const GET = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => inviteStatus(user, params.id));

export const POST = route({ auth: ['admin', 'hr'], params: idParam, body: inviteSchema }, ({ user, params, req, body }) =>
  createInvite(user, params.id, req.nextUrl.origin, body),
);

export const DELETE = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => revokeInvite(user, params.id));
