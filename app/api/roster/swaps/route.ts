import { json, route } from '@/lib/server/http';
import { createSwap, listSwaps } from '@/features/calendar/server/roster-swaps';
import { swapCreateSchema, swapListQuery } from '@/features/calendar/validation/roster-swaps';

// Tukar Jadwal (docs/calendar.md): own, team's (a supervisor), all (admin, HR); employees ask.
export const GET = route({ auth: 'user', query: swapListQuery }, ({ user, query }) => listSwaps(user, query));
export const POST = route({ auth: 'user', body: swapCreateSchema }, async ({ user, body }) =>
  json(await createSwap(user, body), { status: 201 }),
);
