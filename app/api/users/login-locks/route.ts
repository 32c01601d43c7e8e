import { route } from '@/lib/server/http';
import { listLoginLocks } from '@/lib/server/services/login-guard';

/** Admin only: accounts locked against new addresses right now (lib/server/services/login-guard.ts). */
export const GET = route({ auth: ['admin'] }, ({ user }) => listLoginLocks(user));
