import { route } from '@/lib/server/http';
import { issueChallenge } from '@/lib/server/services/challenge';
import { challengeRequestSchema } from '@/lib/validation/attendance';

export const POST = route({ auth: ['employee'], body: challengeRequestSchema }, ({ user, body }) => issueChallenge(user, body.action));
