import { route } from '@/lib/server/http';
import { kioskRequest } from '@/features/kiosk/server/kiosk-auth';
import { identify } from '@/features/kiosk/server/kiosk-identify';
import { identifySchema } from '@/features/kiosk/validation/kiosk';

export const POST = route({ auth: 'public' }, async ({ req }) => {
  const { kiosk, body } = await kioskRequest(req, identifySchema);
  return identify(kiosk, body);
});
