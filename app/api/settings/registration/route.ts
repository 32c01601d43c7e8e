import { route } from '@/lib/server/http';
import { registrationPolicySchema } from '@/features/employees/validation/registration';
import { getRegistrationPolicy, setRegistrationPolicy } from '@/features/employees/server/registration';

/** Who may self-register: { policy: 'open' | 'domains' | 'approval', domains: string[] } (admin only). */
export const GET = route({ auth: ['admin'] }, ({ user }) => getRegistrationPolicy(user));

export const PUT = route({ auth: ['admin'], body: registrationPolicySchema }, ({ user, body }) => setRegistrationPolicy(user, body));
