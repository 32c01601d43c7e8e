import { route } from '@/lib/server/http';
import { createWebhook, listWebhooks } from '@/features/webhooks/server/webhooks';
import { webhookSchema } from '@/features/webhooks/validation/webhooks';

/** Webhooks (docs/webhooks.md): the admin's list and registration (the secret is in the answer once). */
export const GET = route({ auth: ['admin'] }, ({ user }) => listWebhooks(user));
export const POST = route({ auth: ['admin'], body: webhookSchema }, ({ user, body }) => createWebhook(user, body));
