import { z } from 'zod';
import { route } from '@/lib/server/http';
import { adminDashboard } from '@/lib/server/services/dashboard';
import { uuidString } from '@/lib/validation/calendar';

const query = z.object({ officeId: z.preprocess((v) => (v === '' ? undefined : v), uuidString('ID kantor tidak valid').optional()) });

export const GET = route({ auth: ['admin', 'hr'], query }, ({ user, query }) => adminDashboard(user, new Date(), query.officeId ?? null));
