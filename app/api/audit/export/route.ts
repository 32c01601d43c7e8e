import { route } from '@/lib/server/http';
import { exportAuditCsv } from '@/lib/server/services/audit-export';
import { auditQuerySchema } from '@/lib/validation/audit';

export const GET = route({ auth: ['admin'], query: auditQuerySchema }, ({ user, query }) => exportAuditCsv(user, query));
