import { route } from '@/lib/server/http';
import { recapExportQuery } from '@/features/recap/validation/recap';
import { exportRecap } from '@/features/recap/server/recap-export';

/** Rekap Bulanan (admin, HR): ?month&officeId&format=xlsx|pdf|csv|json&sep=comma — one query, streamed. */
export const GET = route({ auth: ['admin', 'hr'], query: recapExportQuery }, ({ user, query }) => exportRecap(user, query));
