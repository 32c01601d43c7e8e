// WhatsApp through an HTTP gateway (Fonnte, Wablas, Qontak …): a POST with the token in a header and a
// body made from WHATSAPP_GATEWAY_TEMPLATE with the 62… number and the text (docs/notifications.md).
// Anything but a 2xx answer throws, so the job retries it later.
import { getEnv } from '@/lib/env';
import { gatewayBody } from '@/features/notifications/lib/templates';
import { whatsappNumber } from '@/features/notifications/lib/phone';

export async function sendWhatsApp(phone: string, text: string): Promise<void> {
  const env = getEnv();
  if (!env.WHATSAPP_GATEWAY_URL) throw new Error('WHATSAPP_GATEWAY_URL is not set');
  const number = whatsappNumber(phone);
  if (!number) throw new Error(`Nomor WhatsApp tidak valid: ${phone}`);
  const { body, contentType } = gatewayBody(env.WHATSAPP_GATEWAY_TEMPLATE, number, text);
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (env.WHATSAPP_GATEWAY_TOKEN) headers[env.WHATSAPP_GATEWAY_AUTH_HEADER] = env.WHATSAPP_GATEWAY_TOKEN;
  const res = await fetch(env.WHATSAPP_GATEWAY_URL, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`WhatsApp gateway ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.body?.cancel().catch(() => undefined);
}
