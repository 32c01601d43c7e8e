import { route } from '@/lib/server/http';
import { kioskSelf } from '@/features/kiosk/server/kiosk-auth';

export const GET = route({ auth: 'public' }, ({ req }) => kioskSelf(req.headers));
