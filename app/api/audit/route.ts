import { route } from '@/lib/server/http';
import { listAudit } from '@/lib/server/services/audit';
import { auditQuerySchema } from '@/lib/validation/audit';

export const GET = route({ auth: ['admin'], query: auditQuerySchema }, ({ user, query }) => listAudit(user, query));
