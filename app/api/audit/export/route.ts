import { route } from '@/lib/server/http';
import { exportAuditCsv } from '@/features/audit/server/audit-export';
import { auditQuerySchema } from '@/features/audit/validation/audit';

export const GET = route({ auth: ['admin', 'hr'], query: auditQuerySchema }, ({ user, query }) => exportAuditCsv(user, query));
