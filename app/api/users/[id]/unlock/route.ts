import { route, idParam } from '@/lib/server/http';
import { unlockAccount } from '@/lib/server/services/login-guard';

/** Admin only: lifts a login lock-out (lib/server/services/login-guard.ts); audited as 'auth.unlock'. */
export const POST = route({ auth: ['admin'], params: idParam }, ({ user, params }) => unlockAccount(user, params.id));
