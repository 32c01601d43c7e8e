import { route } from '@/lib/server/http';
import { userIdParam } from '@/features/attendance/validation/attendance';
import { historyExportQuerySchema } from '@/lib/validation/exports';
import { exportHistory } from '@/features/attendance/server/attendance-export';

/** One employee's Riwayat Absensi (the owner, admin, HR): ?startDate&endDate&format=…&sep=comma. */
export const GET = route({ auth: 'user', params: userIdParam, query: historyExportQuerySchema }, ({ user, params, query }) =>
  exportHistory(user, params.userId, query),
);
