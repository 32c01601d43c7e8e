import { route } from '@/lib/server/http';
import { recapQuery } from '@/features/recap/validation/recap';
import { monthRecap } from '@/features/recap/server/recap';

/** Rekap Bulanan (admin, HR): ?month=YYYY-MM&officeId= — a closed month answers from its snapshot. */
export const GET = route({ auth: ['admin', 'hr'], query: recapQuery }, ({ user, query }) => monthRecap(user, query));
