import { route } from '@/lib/server/http';
import { profileUpdateSchema } from '@/features/employees/validation/users';
import { updateProfile } from '@/features/employees/server/profile';

export const PUT = route({ auth: 'user', body: profileUpdateSchema }, ({ user, body }) => updateProfile(user, body));
