import { route, idParam } from '@/lib/server/http';
import { approveAccount } from '@/features/employees/server/registration';

export const POST = route({ auth: ['admin'], params: idParam }, ({ user, params }) => approveAccount(user, params.id));
