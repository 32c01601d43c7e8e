import { idParam, route } from '@/lib/server/http';
import { deleteTerminal, updateTerminal } from '@/features/terminals/server/terminals';
import { terminalUpdateSchema } from '@/features/terminals/validation/terminals';

export const PUT = route({ auth: ['admin'], params: idParam, body: terminalUpdateSchema }, ({ user, params, body }) =>
  updateTerminal(user, params.id, body),
);
export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => deleteTerminal(user, params.id));
