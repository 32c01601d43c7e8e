import { idParam, route } from '@/lib/server/http';
import { consentOvertime } from '@/features/overtime/server/overtime-decisions';
import { overtimeConsentSchema } from '@/features/overtime/validation/overtime';

// The assigned employee only (checked in the service).
export const POST = route({ auth: 'user', params: idParam, body: overtimeConsentSchema }, ({ user, params, body }) =>
  consentOvertime(user, params.id, body.accept, body.note),
);
