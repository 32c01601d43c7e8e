import { route } from '@/lib/server/http';
import * as close from '@/features/daily-close/server/daily-close';
import { closeQuery } from '@/features/corrections/validation/corrections';

/** Runs the daily close of a past day now (admin, HR): one office, or every office without officeId. */
export const POST = route({ auth: ['admin', 'hr'], query: closeQuery }, ({ user, query }) => close.closeNow(user, query));
