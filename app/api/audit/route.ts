import { route } from '@/lib/server/http';
import { listAudit } from '@/lib/server/audit';
import { auditQuerySchema } from '@/features/audit/validation/audit';

export const GET = route({ auth: ['admin', 'hr'], query: auditQuerySchema }, ({ user, query }) => listAudit(user, query));
