// The outbox side of webhooks (docs/webhooks.md): an event writes one WebhookDelivery per active webhook
// that subscribed to it, and one job 'webhook.deliver' per delivery (lib/server/jobs/queue.ts), with the
// caller's client: in the transaction of the change, so a rolled-back change sends nothing and a crash
// after the commit only delays the delivery. One statement either way.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { WebhookEvent } from '@/features/webhooks/lib/events';

export const WEBHOOK_JOB = 'webhook.deliver';
/** Eight tries on the queue's backoff: 30 s, 1, 2, 4, 8, 16, 32 minutes apart, about an hour in all. */
export const WEBHOOK_ATTEMPTS = 8;

type Tx = Pick<Prisma.TransactionClient, '$executeRaw'>;

export async function emitWebhook(tx: Tx, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  await tx.$executeRaw`
    WITH d AS (
      INSERT INTO "WebhookDelivery" ("id", "webhookId", "event", "data")
      SELECT gen_random_uuid(), w."id", ${event}, ${JSON.stringify(data)}::jsonb
        FROM "Webhook" w WHERE w."active" AND ${event} = ANY(w."events")
      RETURNING "id"
    )
    INSERT INTO "Job" ("id", "kind", "key", "payload", "runAt", "maxAttempts")
    SELECT gen_random_uuid(), ${WEBHOOK_JOB}, 'webhook:' || d."id", jsonb_build_object('deliveryId', d."id"), now(), ${WEBHOOK_ATTEMPTS}
      FROM d`;
}

/**
 * The same as two CTEs (`wd`, `wj`) for a statement that writes its record in one round trip (check-in
 * and check-out): `from` names the CTE of the written row (none written: nothing emitted), `data` is a
 * jsonb expression over it. Only constants are spliced in; the values stay the statement's parameters.
 */
export function webhookEventSql(event: WebhookEvent, from: string, data: string): string {
  return `wd AS (
    INSERT INTO "WebhookDelivery" ("id", "webhookId", "event", "data")
    SELECT gen_random_uuid(), w."id", '${event}', ${data}
      FROM ${from}, "Webhook" w WHERE w."active" AND '${event}' = ANY(w."events")
    RETURNING "id"
  ), wj AS (
    INSERT INTO "Job" ("id", "kind", "key", "payload", "runAt", "maxAttempts")
    SELECT gen_random_uuid(), '${WEBHOOK_JOB}', 'webhook:' || wd."id", jsonb_build_object('deliveryId', wd."id"), now(), ${WEBHOOK_ATTEMPTS}
      FROM wd
  )`;
}
