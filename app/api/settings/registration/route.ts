import { route } from '@/lib/server/http';
import { registrationPolicySchema } from '@/lib/validation/registration';
import { getRegistrationPolicy, setRegistrationPolicy } from '@/lib/server/services/registration';

/** Who may self-register: { policy: 'open' | 'domains' | 'approval', domains: string[] } (admin only). */
export const GET = route({ auth: ['admin'] }, ({ user }) => getRegistrationPolicy(user));

export const PUT = route({ auth: ['admin'], body: registrationPolicySchema }, ({ user, body }) => setRegistrationPolicy(user, body));
