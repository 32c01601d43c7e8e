import { route } from '@/lib/server/http';
import { exportQuerySchema } from '@/features/employees/validation/import';
import { importTemplate } from '@/features/employees/server/import/import-export';

export const GET = route({ auth: ['admin', 'hr'], query: exportQuerySchema }, ({ user, query }) =>
  importTemplate(user, query.format ?? 'xlsx'),
);
