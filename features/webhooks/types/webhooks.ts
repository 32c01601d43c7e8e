import type { WebhookEvent } from '@/features/webhooks/lib/events';

export type WebhookDto = {
  id: string;
  url: string;
  events: WebhookEvent[];
  description: string | null;
  active: boolean;
  allowPrivateNetwork: boolean;
  createdAt: string;
  updatedAt: string;
};

/** Creation's answer: the signing secret, shown this once. */
export type CreatedWebhookDto = { webhook: WebhookDto; secret: string };

export type WebhookAttemptDto = {
  number: number;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  at: string;
};

export type WebhookDeliveryDto = {
  id: string;
  event: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  lastStatus: number | null;
  createdAt: string;
  deliveredAt: string | null;
  log: WebhookAttemptDto[];
};
