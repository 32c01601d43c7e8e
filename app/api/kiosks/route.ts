import { route } from '@/lib/server/http';
import { createKiosk, listKiosks } from '@/features/kiosk/server/kiosks';
import { createKioskSchema } from '@/features/kiosk/validation/kiosk';

export const GET = route({ auth: ['admin'] }, ({ user }) => listKiosks(user));
export const POST = route({ auth: ['admin'], body: createKioskSchema }, ({ user, body }) => createKiosk(user, body));
