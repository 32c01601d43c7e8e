// The signature of a delivery (docs/webhooks.md, "Verifying a delivery"): HMAC-SHA256 with the webhook's
// secret over `<unix seconds>.<body>`, sent as `X-Absensi-Signature: t=<unix seconds>,v1=<hex>`.
import { createHmac, randomBytes } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Absensi-Signature';

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
