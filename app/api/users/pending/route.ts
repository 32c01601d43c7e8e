import { route } from '@/lib/server/http';
import { listPendingAccounts } from '@/features/employees/server/registration';

/** Self-registered accounts waiting for an admin's approval (registration policy 'approval'). */
export const GET = route({ auth: ['admin'] }, ({ user }) => listPendingAccounts(user));
