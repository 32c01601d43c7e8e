import { route } from '@/lib/server/http';
import { listDevices, registerDevice } from '@/features/anti-fraud/server/devices';
import { deviceListQuerySchema, registerDeviceSchema } from '@/features/anti-fraud/validation/devices';

export const GET = route({ auth: 'user', query: deviceListQuerySchema }, ({ user, query }) => listDevices(user, query));
export const POST = route({ auth: ['employee'], body: registerDeviceSchema }, ({ user, body }) => registerDevice(user, body));
