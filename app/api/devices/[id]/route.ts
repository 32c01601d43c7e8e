import { idParam, route } from '@/lib/server/http';
import { resetDevice } from '@/features/anti-fraud/server/devices';

export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => resetDevice(user, params.id));
