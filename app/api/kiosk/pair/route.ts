import { route } from '@/lib/server/http';
import { pairKiosk } from '@/features/kiosk/server/kiosks';
import { pairSchema } from '@/features/kiosk/validation/kiosk';

export const POST = route({ auth: 'public', body: pairSchema }, ({ body }) => pairKiosk(body.code));
