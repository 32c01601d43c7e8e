import { route, idParam } from '@/lib/server/http';
import { unlockAccount } from '@/features/auth/server/login-guard';

/** Admin only: lifts a login lock-out (features/auth/server/login-guard.ts); audited as 'auth.unlock'. */
export const POST = route({ auth: ['admin'], params: idParam }, ({ user, params }) => unlockAccount(user, params.id));
