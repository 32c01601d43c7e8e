// Webhooks, the admin's side (docs/webhooks.md): register a URL and its events (the signing secret is
// shown once), change, delete, read the delivery log, resend a delivery. Every change writes an audit row
// in its transaction; the secret never reaches the audit trail or a DTO after creation. A URL whose host
// is or resolves to a private, loopback or link-local address is refused unless `allowPrivateNetwork`.
import { db } from '@/lib/server/db';
import { badRequest, conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertAdmin } from '@/lib/server/auth/policy';
import { enqueue } from '@/lib/server/jobs/queue';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Webhook } from '@/lib/generated/prisma/client';
import type { WebhookInput } from '@/features/webhooks/validation/webhooks';
import type { CreatedWebhookDto, WebhookDeliveryDto, WebhookDto } from '@/features/webhooks/types/webhooks';
import type { WebhookEvent } from '@/features/webhooks/lib/events';
import { hostOf, isPrivateAddress, resolveHost } from '@/features/webhooks/server/webhook-address';
import { newWebhookSecret } from '@/features/webhooks/server/webhook-sign';
import { WEBHOOK_ATTEMPTS, WEBHOOK_JOB } from '@/features/webhooks/server/webhook-emit';

const ADMIN_ONLY = 'Hanya administrator yang dapat mengelola webhook.';
const NOT_FOUND = 'Webhook tidak ditemukan';

export const webhookDto = (w: Webhook): WebhookDto => ({
  id: w.id,
  url: w.url,
  events: w.events as WebhookEvent[],
  description: w.description,
  active: w.active,
  allowPrivateNetwork: w.allowPrivateNetwork,
  createdAt: w.createdAt.toISOString(),
  updatedAt: w.updatedAt.toISOString(),
});

/** What the audit trail keeps of a webhook (never the secret). */
const shown = (w: Pick<Webhook, 'url' | 'events' | 'description' | 'active' | 'allowPrivateNetwork'>) => ({
  url: w.url,
  events: w.events,
  description: w.description,
  active: w.active,
  allowPrivateNetwork: w.allowPrivateNetwork,
});

/** Refuses a URL on a private address, checked on every address its name resolves to now. */
async function assertReachable(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(new URL(url));
  const privateOne = (await resolveHost(host)).find(isPrivateAddress);
  if (privateOne || host === 'localhost' || host.endsWith('.localhost'))
    throw badRequest(
      `URL mengarah ke alamat privat/loopback/link-local (${privateOne ?? host}). Centang "Izinkan alamat jaringan privat" bila memang disengaja.`,
      'VALIDATION',
      { url: 'Alamat privat/loopback/link-local tidak diizinkan' },
    );
}

export async function listWebhooks(actor: SessionUser): Promise<WebhookDto[]> {
  assertAdmin(actor, ADMIN_ONLY);
  return (await db.webhook.findMany({ orderBy: { createdAt: 'asc' } })).map(webhookDto);
}

export async function createWebhook(actor: SessionUser, input: WebhookInput): Promise<CreatedWebhookDto> {
  assertAdmin(actor, ADMIN_ONLY);
  const allowPrivateNetwork = input.allowPrivateNetwork ?? false;
  await assertReachable(input.url, allowPrivateNetwork);
  const secret = newWebhookSecret();
  const w = await db.$transaction(async (tx) => {
    const row = await tx.webhook.create({
      data: {
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description || null,
        active: input.active ?? true,
        allowPrivateNetwork,
        secret,
        createdById: actor.id,
      },
    });
    await recordAudit(tx, { actor, kind: 'webhook.create', entity: 'Webhook', entityId: row.id, after: shown(row) });
    return row;
  });
  return { webhook: webhookDto(w), secret };
}

export async function updateWebhook(actor: SessionUser, id: string, input: WebhookInput): Promise<WebhookDto> {
  assertAdmin(actor, ADMIN_ONLY);
  const before = await db.webhook.findUnique({ where: { id } });
  if (!before) throw notFound(NOT_FOUND);
  const allowPrivateNetwork = input.allowPrivateNetwork ?? false;
  await assertReachable(input.url, allowPrivateNetwork);
  return db.$transaction(async (tx) => {
    const row = await tx.webhook.update({
      where: { id },
      data: {
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description || null,
        active: input.active ?? before.active,
        allowPrivateNetwork,
      },
    });
    await recordAudit(tx, { actor, kind: 'webhook.update', entity: 'Webhook', entityId: id, before: shown(before), after: shown(row) });
    return webhookDto(row);
  });
}

export async function deleteWebhook(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor, ADMIN_ONLY);
  await db.$transaction(async (tx) => {
    const before = await tx.webhook.findUnique({ where: { id } });
    if (!before) throw notFound(NOT_FOUND);
    await tx.webhook.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'webhook.delete', entity: 'Webhook', entityId: id, before: shown(before) });
  });
  return { message: 'Webhook dihapus' };
}

/** The last 100 deliveries of a webhook, newest first, each with its attempts and their answers. */
export async function listWebhookDeliveries(actor: SessionUser, id: string): Promise<WebhookDeliveryDto[]> {
  assertAdmin(actor, ADMIN_ONLY);
  if (!(await db.webhook.findUnique({ where: { id }, select: { id: true } }))) throw notFound(NOT_FOUND);
  const rows = await db.webhookDelivery.findMany({
    where: { webhookId: id },
    orderBy: { createdAt: 'desc' },
    take: 100,
    include: { log: { orderBy: { number: 'asc' } } },
  });
  return rows.map((d) => ({
    id: d.id,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
    log: d.log.map((a) => ({
      number: a.number,
      status: a.status,
      body: a.body,
      error: a.error,
      durationMs: a.durationMs,
      at: a.createdAt.toISOString(),
    })),
  }));
}

/** Sends a delivery again (the same body, a new signature), with a fresh set of attempts; not while one is under way. */
export async function resendWebhookDelivery(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertAdmin(actor, ADMIN_ONLY);
  await db.$transaction(async (tx) => {
    const d = await tx.webhookDelivery.findUnique({ where: { id }, select: { status: true, attempts: true, webhookId: true } });
    if (!d) throw notFound('Pengiriman webhook tidak ditemukan');
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id, status: { in: ['sent', 'failed'] } },
      data: { status: 'pending' },
    });
    if (count !== 1) throw conflict('Pengiriman ini masih dalam antrean', 'CONFLICT');
    await enqueue(tx, {
      kind: WEBHOOK_JOB,
      payload: { deliveryId: id },
      key: `webhook:${id}:resend:${d.attempts}`,
      maxAttempts: WEBHOOK_ATTEMPTS,
    });
    await recordAudit(tx, {
      actor,
      kind: 'webhook.resend',
      entity: 'WebhookDelivery',
      entityId: id,
      before: { status: d.status, attempts: d.attempts },
      after: { status: 'pending', webhookId: d.webhookId },
    });
  });
  return { message: 'Pengiriman dijadwalkan ulang' };
}
