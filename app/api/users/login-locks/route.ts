import { route } from '@/lib/server/http';
import { listLoginLocks } from '@/features/auth/server/login-guard';

/** Admin only: accounts locked against new addresses right now (features/auth/server/login-guard.ts). */
export const GET = route({ auth: ['admin'] }, ({ user }) => listLoginLocks(user));
