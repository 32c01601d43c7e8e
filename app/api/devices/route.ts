import { route } from '@/lib/server/http';
import { listDevices, registerDevice } from '@/lib/server/services/devices';
import { deviceListQuerySchema, registerDeviceSchema } from '@/lib/validation/devices';

export const GET = route({ auth: 'user', query: deviceListQuerySchema }, ({ user, query }) => listDevices(user, query));
export const POST = route({ auth: ['employee'], body: registerDeviceSchema }, ({ user, body }) => registerDevice(user, body));
