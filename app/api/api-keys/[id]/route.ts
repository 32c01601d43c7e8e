import { idParam, route } from '@/lib/server/http';
import { revokeApiKey } from '@/features/integrations/server/api-keys';

export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => revokeApiKey(user, params.id));
