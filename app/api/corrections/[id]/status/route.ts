import { idParam, route } from '@/lib/server/http';
import * as corrections from '@/features/corrections/server/corrections';
import { correctionDecisionSchema } from '@/features/corrections/validation/corrections';

export const PUT = route({ auth: ['admin', 'hr'], params: idParam, body: correctionDecisionSchema }, ({ user, params, body }) =>
  corrections.setCorrectionStatus(user, params.id, body),
);
