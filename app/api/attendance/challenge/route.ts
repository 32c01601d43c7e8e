import { route } from '@/lib/server/http';
import { issueChallenge } from '@/features/attendance/server/challenge';
import { challengeRequestSchema } from '@/features/attendance/validation/attendance';

export const POST = route({ auth: ['employee'], body: challengeRequestSchema }, ({ user, body }) => issueChallenge(user, body.action));
