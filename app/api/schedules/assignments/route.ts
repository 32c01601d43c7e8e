import { z } from 'zod';
import { route } from '@/lib/server/http';
import * as schedules from '@/features/calendar/server/schedules';
import { uuidString } from '@/features/calendar/validation/calendar';

const query = z.object({ userId: z.preprocess((v) => (v === '' ? undefined : v), uuidString('ID karyawan tidak valid').optional()) });

export const GET = route({ auth: ['admin', 'hr'], query }, ({ user, query }) => schedules.listAssignments(user, query.userId));
