import { route, idParam } from '@/lib/server/http';
import { divisionSchema } from '@/features/divisions/validation/divisions';
import { deleteDivision, updateDivision } from '@/features/divisions/server/divisions';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: divisionSchema }, ({ user, params, body }) =>
  updateDivision(user, params.id, body),
);

export const DELETE = route({ auth: ['admin', 'hr'], params: idParam }, ({ user, params }) => deleteDivision(user, params.id));
