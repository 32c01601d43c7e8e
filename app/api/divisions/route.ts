import { route } from '@/lib/server/http';
import { divisionSchema } from '@/features/divisions/validation/divisions';
import { createDivision, listDivisions } from '@/features/divisions/server/divisions';

export const GET = route({ auth: ['admin', 'hr'] }, ({ user }) => listDivisions(user));

export const POST = route({ auth: ['admin', 'hr'], body: divisionSchema }, ({ user, body }) => createDivision(user, body));
