import { route } from '@/lib/server/http';
import { closeRunSchema } from '@/features/daily-close/validation/daily-close';
import { runCloseRange } from '@/features/daily-close/server/close-run';

/** Runs (or re-runs) the daily close of one day or a range (admin, HR); each day audited as attendance.close. */
export const POST = route({ auth: ['admin', 'hr'], body: closeRunSchema }, ({ user, body }) => runCloseRange(user, body));
