import { route } from '@/lib/server/http';
import { recapQuery } from '@/lib/validation/recap';
import { monthRecap } from '@/lib/server/services/recap';

/** Rekap Bulanan (admin, HR): ?month=YYYY-MM&officeId= — a closed month answers from its snapshot. */
export const GET = route({ auth: ['admin', 'hr'], query: recapQuery }, ({ user, query }) => monthRecap(user, query));
