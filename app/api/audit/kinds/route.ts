import { route } from '@/lib/server/http';
import { listAuditKinds } from '@/features/audit/server/audit-export';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => listAuditKinds(user));
