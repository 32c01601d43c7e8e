import { idParam, route } from '@/lib/server/http';
import { deleteDelegate } from '@/features/approvals/server/delegates';

export const DELETE = route({ auth: 'user', params: idParam }, ({ user, params }) => deleteDelegate(user, params.id));
