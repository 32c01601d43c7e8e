import { z } from 'zod';
import { route } from '@/lib/server/http';
import { adminDashboard } from '@/features/reports/server/dashboard';
import { uuidString } from '@/features/calendar/validation/calendar';

const query = z.object({ officeId: z.preprocess((v) => (v === '' ? undefined : v), uuidString('ID kantor tidak valid').optional()) });

export const GET = route({ auth: ['admin', 'hr'], query }, ({ user, query }) => adminDashboard(user, new Date(), query.officeId ?? null));
