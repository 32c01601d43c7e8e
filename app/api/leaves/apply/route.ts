import { json, route } from '@/lib/server/http';
import { leaveApplySchema } from '@/lib/validation/leave';
import * as leave from '@/lib/server/services/leave';

export const POST = route({ auth: ['employee'], body: leaveApplySchema }, async ({ user, body }) =>
  json(await leave.applyLeave(user, body), { status: 201 }),
);
