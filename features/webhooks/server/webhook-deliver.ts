// The job 'webhook.deliver' (docs/webhooks.md): sends one WebhookDelivery, signed, and logs the attempt
// with the receiver's answer (status, the first 500 characters of the body, the time taken). A 2xx answer
// makes it 'sent'; anything else is thrown, so the queue retries it with its backoff, and after the last
// attempt it is 'failed' (resend from the admin page). A delivery already sent is not sent again (a job
// run twice after a crash); a webhook switched off meanwhile fails its pending deliveries at once.
import { db } from '@/lib/server/db';
import type { JobContext } from '@/lib/server/jobs/queue';
import { SIGNATURE_HEADER, signatureHeader } from '@/features/webhooks/server/webhook-sign';
import { postWebhook, type PostAnswer } from '@/features/webhooks/server/webhook-post';

/** The body of a delivery: built from its row, so every attempt and every resend sends the same bytes. */
export const webhookBody = (d: { id: string; event: string; createdAt: Date; data: unknown }) =>
  JSON.stringify({ id: d.id, event: d.event, createdAt: d.createdAt.toISOString(), data: d.data });

export async function deliverWebhook(payload: { deliveryId: string }, ctx: JobContext): Promise<void> {
  const d = await db.webhookDelivery.findUnique({ where: { id: payload.deliveryId }, include: { webhook: true } });
  if (!d || d.status === 'sent') return;
  let answer: PostAnswer;
  if (!d.webhook.active) answer = { status: null, body: null, error: 'Webhook nonaktif', durationMs: 0 };
  else {
    const body = webhookBody(d);
    const timestamp = Math.floor(Date.now() / 1000);
    answer = await postWebhook(
      d.webhook.url,
      body,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Absensi-Webhook/1',
        'X-Absensi-Event': d.event,
        'X-Absensi-Delivery': d.id,
        [SIGNATURE_HEADER]: signatureHeader(d.webhook.secret, timestamp, body),
      },
      d.webhook.allowPrivateNetwork,
    );
  }
  const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const last = ctx.attempt >= ctx.maxAttempts || !d.webhook.active;
  await db.$transaction(async (tx) => {
    const row = await tx.webhookDelivery.update({
      where: { id: d.id },
      data: {
        attempts: { increment: 1 },
        lastStatus: answer.status,
        status: ok ? 'sent' : last ? 'failed' : 'pending',
        ...(ok ? { deliveredAt: new Date() } : {}),
      },
      select: { attempts: true },
    });
    await tx.webhookAttempt.create({
      data: {
        deliveryId: d.id,
        number: row.attempts,
        status: answer.status,
        body: answer.body,
        error: answer.error,
        durationMs: answer.durationMs,
      },
    });
  });
  if (!ok && !last) throw new Error(answer.error ?? `HTTP ${answer.status}`);
}
