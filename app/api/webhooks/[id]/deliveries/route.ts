import { idParam, route } from '@/lib/server/http';
import { listWebhookDeliveries } from '@/features/webhooks/server/webhooks';

/** The delivery log of a webhook: each delivery with its attempts and the receiver's answers. */
export const GET = route({ auth: ['admin'], params: idParam }, ({ user, params }) => listWebhookDeliveries(user, params.id));
