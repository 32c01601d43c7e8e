// A deleted user takes their notifications, push subscriptions and preferences with them (push subscriptions
// and preferences by foreign keys with ON DELETE CASCADE; notifications, which have no foreign key so that
// notify() never locks the recipient's User row, by the deletion itself): a delivery queued before the
// deletion finds nothing to send, and the push service that held the person's browser hears nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { notify } from '@/features/notifications/server/notify';
import { POST as subscribeRoute } from '@/app/api/push/subscriptions/route';
import { DELETE as deleteUserRoute } from '@/app/api/users/[id]/route';
import { call, createUser } from '../helpers';
import { pushKeys, startPushService } from '../transports';

let push: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push.close();
});

describe('a deleted user', () => {
  it('their inbox, outbox, push subscription and preferences go with them; the queued push is never sent', async () => {
    const { token: admin } = await createUser({ role: 'admin' });
    const { user, token } = await createUser({ name: 'Dewi Baru' });
    const keys = pushKeys();
    const sub = await call(subscribeRoute, {
      token,
      body: { endpoint: `${push.base}/push/dewi`, keys: { p256dh: keys.p256dh, auth: keys.authText } },
    });
    expect(sub.status).toBe(201);
    await db.notificationPreference.create({ data: { userId: user.id, channel: 'email', enabled: false } });
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'face.not_enrolled' }));
    const deliveries = await db.notificationDelivery.findMany({ where: { notification: { userId: user.id } } });
    expect(deliveries.map((d) => d.channel)).toEqual(['push']);

    // No attendance, leave or other history: the account is deleted, not deactivated.
    const removed = await call(deleteUserRoute, { method: 'DELETE', token: admin, params: { id: user.id } });
    expect(removed.status).toBe(200);
    expect(removed.body.deactivated).toBe(false);
    expect(await db.notification.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.notificationDelivery.count({ where: { id: deliveries[0]!.id } })).toBe(0);
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.notificationPreference.count({ where: { userId: user.id } })).toBe(0);

    // The delivery's job was queued before the deletion: it runs, finds nothing, and sends nothing.
    const ran = await runDueJobs({ kinds: ['notification.deliver'] });
    expect(ran).toMatchObject({ done: 1, failed: 0, retried: 0 });
    expect(push.state.calls.filter((c) => c.path === '/push/dewi')).toEqual([]);
  });

  it('push subscriptions and preferences for a user that does not exist are refused by the database', async () => {
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expect(
      db.pushSubscription.create({ data: { userId: nobody, endpoint: `${push.base}/push/x`, p256dh: 'x', auth: 'y' } }),
    ).rejects.toThrow();
    await expect(db.notificationPreference.create({ data: { userId: nobody, channel: 'push', enabled: false } })).rejects.toThrow();
  });
});
