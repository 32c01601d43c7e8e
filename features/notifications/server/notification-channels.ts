// Which channels exist and reach whom (docs/notifications.md). A channel is offered when it is
// configured (e-mail: SMTP_URL; WhatsApp: the gateway's URL; push: always, its VAPID keys are made on
// first start) and the company has it on; a person then turns each one off or on (no row: on) and needs
// an address (e-mail, a phone number, a push subscription). An unconfigured channel is skipped, never failing.
import { getEnv } from '@/lib/env';
import { db } from '@/lib/server/db';
import type { Prisma, NotificationSettings } from '@/lib/generated/prisma/client';

export const CHANNELS = ['email', 'whatsapp', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];
type Client = Prisma.TransactionClient | typeof db;

/** Configured on this server (environment), whatever the company's switches say. */
export function configuredChannels(): Channel[] {
  const env = getEnv();
  return CHANNELS.filter((c) => (c === 'email' ? !!env.SMTP_URL : c === 'whatsapp' ? !!env.WHATSAPP_GATEWAY_URL : true));
}

/** The one settings row (made with its defaults when missing). */
export async function notificationSettings(client: Client = db): Promise<NotificationSettings> {
  const row = await client.notificationSettings.findUnique({ where: { id: 1 } });
  if (row) return row;
  await client.$executeRaw`INSERT INTO "NotificationSettings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING`;
  return client.notificationSettings.findUniqueOrThrow({ where: { id: 1 } });
}

const ENABLED = { email: 'emailEnabled', whatsapp: 'whatsappEnabled', push: 'pushEnabled' } as const;

/** Configured and on for the company. */
export async function companyChannels(client: Client = db): Promise<Channel[]> {
  const s = await notificationSettings(client);
  return configuredChannels().filter((c) => s[ENABLED[c]]);
}

export type Recipient = { userId: string; channels: { channel: Channel; address: string }[] };

/** Per person: the channels a notification goes out on, with the address it goes to. */
export async function recipientsOf(client: Client, userIds: string[]): Promise<Map<string, Recipient>> {
  const out = new Map<string, Recipient>();
  const company = await companyChannels(client);
  if (!userIds.length) return out;
  const rows = await client.$queryRaw<{ id: string; email: string; phone: string | null; push: number; off: string[] | null }[]>`
    SELECT u.id::text AS id, u.email, u.phone,
           (SELECT count(*)::int FROM "PushSubscription" s WHERE s."userId" = u.id) AS push,
           (SELECT array_agg(p.channel::text) FROM "NotificationPreference" p WHERE p."userId" = u.id AND NOT p.enabled) AS off
    FROM "User" u WHERE u.id = ANY(${userIds}::uuid[]) AND u."deactivatedAt" IS NULL`;
  for (const r of rows) {
    const off = new Set(r.off ?? []);
    const channels: Recipient['channels'] = [];
    for (const c of company) {
      if (off.has(c)) continue;
      if (c === 'email' && r.email) channels.push({ channel: c, address: r.email });
      if (c === 'whatsapp' && r.phone) channels.push({ channel: c, address: r.phone });
      if (c === 'push' && r.push > 0) channels.push({ channel: c, address: 'push' });
    }
    out.set(r.id, { userId: r.id, channels });
  }
  return out;
}

/** The absolute link for e-mail, WhatsApp and push (APP_BASE_URL + path), or null. */
export function absoluteLink(link: string | null): string | null {
  if (!link) return null;
  const base = getEnv().APP_BASE_URL;
  return base ? `${base}${link}` : null;
}
