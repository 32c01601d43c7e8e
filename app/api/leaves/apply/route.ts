import { json, route } from '@/lib/server/http';
import { leaveApplySchema } from '@/features/leave/validation/leave';
import * as leave from '@/features/leave/server/leave';

// An employee for themselves; admin and HR for an employee (userId), on their behalf (the service decides).
// A 2 MB attachment is about 2.7 MB of base64.
export const POST = route(
  { auth: ['employee', 'admin', 'hr'], body: leaveApplySchema, maxBodyBytes: 3 * 1024 * 1024 },
  async ({ user, body }) => json(await leave.applyLeave(user, body), { status: 201 }),
);
