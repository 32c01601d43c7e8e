// notify(): the one way to tell someone something (docs/notifications.md). In the caller's transaction
// it writes the inbox item, one outbox row per channel that reaches the person, and one delivery job per
// row (lib/server/jobs/queue.ts), so the message exists exactly when the event does: a rollback takes
// it back, a crash after the commit delays it, never loses it. A `key` makes it once per occasion.
import { enqueue } from '@/lib/server/jobs/queue';
import type { Prisma } from '@/lib/generated/prisma/client';
import { message, type Facts } from '@/features/notifications/lib/templates';
import { recipientsOf } from '@/features/notifications/server/notification-channels';

type Tx = Prisma.TransactionClient;
export const DELIVER_JOB = 'notification.deliver';
/** Eight tries: 30 s, 1, 2, 4, 8, 16, 32 minutes apart (the queue's backoff), about an hour in all. */
export const DELIVERY_ATTEMPTS = 8;

export type NotifyInput = {
  to: string | string[];
  kind: string;
  facts?: Facts;
  /** Once per occasion and person: the person's id is appended ('reminder.checkin:2026-11-26' → …:<userId>). */
  key?: string;
};

/** Returns the ids of the notifications written (a recipient whose key was taken gets none). */
export async function notify(tx: Tx, input: NotifyInput): Promise<string[]> {
  const to = [...new Set(Array.isArray(input.to) ? input.to : [input.to])];
  if (!to.length) return [];
  const m = message(input.kind, input.facts);
  const recipients = await recipientsOf(tx, to);
  const written: string[] = [];
  for (const userId of to) {
    const key = input.key ? `${input.key}:${userId}` : null;
    const rows = await tx.$queryRaw<{ id: string }[]>`
      INSERT INTO "Notification" ("id", "userId", "kind", "title", "body", "link", "key")
      VALUES (gen_random_uuid(), ${userId}::uuid, ${m.kind}, ${m.title}, ${m.body}, ${m.link}, ${key})
      ON CONFLICT ("key") DO NOTHING
      RETURNING "id"::text AS id`;
    if (!rows.length) continue;
    const id = rows[0]!.id;
    written.push(id);
    for (const { channel, address } of recipients.get(userId)?.channels ?? []) {
      const [d] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO "NotificationDelivery" ("id", "notificationId", "channel", "address", "updatedAt")
        VALUES (gen_random_uuid(), ${id}::uuid, ${channel}::"NotificationChannel", ${address}, now())
        RETURNING "id"::text AS id`;
      await enqueue(tx, { kind: DELIVER_JOB, payload: { deliveryId: d!.id }, key: `delivery:${d!.id}`, maxAttempts: DELIVERY_ATTEMPTS });
    }
  }
  return written;
}
