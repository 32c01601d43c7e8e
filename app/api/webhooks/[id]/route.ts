import { idParam, route } from '@/lib/server/http';
import { deleteWebhook, updateWebhook } from '@/features/webhooks/server/webhooks';
import { webhookSchema } from '@/features/webhooks/validation/webhooks';

export const PUT = route({ auth: ['admin'], params: idParam, body: webhookSchema }, ({ user, params, body }) =>
  updateWebhook(user, params.id, body),
);
export const DELETE = route({ auth: ['admin'], params: idParam }, ({ user, params }) => deleteWebhook(user, params.id));
