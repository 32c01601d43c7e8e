import { route } from '@/lib/server/http';
import { closeMonthQuery } from '@/features/daily-close/validation/daily-close';
import { closeMonth } from '@/features/daily-close/server/close-month';

/** Tutup Harian's month view (admin, HR): per office and day, closed / open / waiting, with counts. */
export const GET = route({ auth: ['admin', 'hr'], query: closeMonthQuery }, ({ user, query }) => closeMonth(user, query));
