import { route } from '@/lib/server/http';
import { listDelegateCandidates } from '@/features/approvals/server/delegates';

// Who a supervisor may name as their delegate (Tunjuk Pengganti on Persetujuan Tim); empty for one without a team.
export const GET = route({ auth: 'user' }, ({ user }) => listDelegateCandidates(user));
