import { json, route } from '@/lib/server/http';
import { addPushSubscription } from '@/features/notifications/server/notification-preferences';
import { pushSubscriptionSchema } from '@/features/notifications/validation/notifications';

/** This browser's web push subscription (docs/notifications.md). */
export const POST = route({ auth: 'user', body: pushSubscriptionSchema }, async ({ user, body, req }) =>
  json(await addPushSubscription(user, body, req.headers.get('user-agent')?.slice(0, 300) ?? null), { status: 201 }),
);
