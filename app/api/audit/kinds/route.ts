import { route } from '@/lib/server/http';
import { listAuditKinds } from '@/lib/server/services/audit-export';

export const GET = route({ auth: ['admin'] }, ({ user }) => listAuditKinds(user));
