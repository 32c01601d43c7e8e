// Registers the webhook delivery job on the one queue (imported by lib/server/jobs/handlers.ts).
import { registerJobHandler } from '@/lib/server/jobs/queue';
import { WEBHOOK_JOB } from '@/features/webhooks/server/webhook-emit';
import { deliverWebhook } from '@/features/webhooks/server/webhook-deliver';

registerJobHandler<{ deliveryId: string }>(WEBHOOK_JOB, deliverWebhook);
