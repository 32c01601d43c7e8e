import { idParam, route } from '@/lib/server/http';
import * as corrections from '@/lib/server/services/corrections';
import { correctionDecisionSchema } from '@/lib/validation/corrections';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: correctionDecisionSchema }, ({ user, params, body }) =>
  corrections.setCorrectionStatus(user, params.id, body),
);
