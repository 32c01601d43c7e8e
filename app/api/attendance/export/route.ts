import { route } from '@/lib/server/http';
import { historyExportQuerySchema } from '@/lib/validation/exports';
import { exportAttendance } from '@/features/attendance/server/attendance-export';

/** Riwayat Absensi (admin, HR): ?startDate&endDate&employee&officeId&format=xlsx|pdf|csv|json&sep=comma — streamed, no row cap. */
export const GET = route({ auth: ['admin', 'hr'], query: historyExportQuerySchema }, ({ user, query }) => exportAttendance(user, query));
