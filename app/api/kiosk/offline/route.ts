import { route } from '@/lib/server/http';
import { kioskRequest } from '@/features/kiosk/server/kiosk-auth';
import { syncOffline } from '@/features/kiosk/server/kiosk-offline';
import { MAX_OFFLINE_BODY, offlineBatchSchema } from '@/features/kiosk/validation/kiosk';

export const POST = route({ auth: 'public' }, async ({ req }) => {
  const { kiosk, body } = await kioskRequest(req, offlineBatchSchema, MAX_OFFLINE_BODY);
  return syncOffline(kiosk, body.punches);
});
