import { route } from '@/lib/server/http';
import { profileUpdateSchema } from '@/lib/validation/users';
import { updateProfile } from '@/lib/server/services/users';

export const PUT = route({ auth: 'user', body: profileUpdateSchema }, ({ user, body }) => updateProfile(user, body));
