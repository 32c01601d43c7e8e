import { idParam, route } from '@/lib/server/http';
import { renameKiosk, revokeKiosk } from '@/features/kiosk/server/kiosks';
import { renameKioskSchema } from '@/features/kiosk/validation/kiosk';

export const PUT = route({ auth: ['admin'], params: idParam, body: renameKioskSchema }, ({ user, params, body }) =>
  renameKiosk(user, params.id, body.name),
);
export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => revokeKiosk(user, params.id));
