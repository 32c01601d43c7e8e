import { idParam, route } from '@/lib/server/http';
import { resendWebhookDelivery } from '@/features/webhooks/server/webhooks';

export const POST = route({ auth: ['admin'], params: idParam }, ({ user, params }) => resendWebhookDelivery(user, params.id));
