import { route } from '@/lib/server/http';
import { recapExportQuery } from '@/lib/validation/recap';
import { exportRecap } from '@/lib/server/services/recap-export';

/** Rekap Bulanan (admin, HR): ?month&officeId&format=xlsx|pdf|csv|json&sep=comma — one query, streamed. */
export const GET = route({ auth: ['admin', 'hr'], query: recapExportQuery }, ({ user, query }) => exportRecap(user, query));
