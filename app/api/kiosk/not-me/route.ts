import { route } from '@/lib/server/http';
import { kioskRequest } from '@/features/kiosk/server/kiosk-auth';
import { notMe } from '@/features/kiosk/server/kiosk-identify';
import { notMeSchema } from '@/features/kiosk/validation/kiosk';

export const POST = route({ auth: 'public' }, async ({ req }) => notMe((await kioskRequest(req, notMeSchema)).kiosk));
