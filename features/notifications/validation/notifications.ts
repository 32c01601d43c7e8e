// Request shapes of the notification routes (docs/notifications.md), shared by the forms and the routes.
import { z } from 'zod';
import { uuidString } from '@/lib/validation/common';

const pageNumber = (max: number, fallback: number, label: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!/^\d+$/.test(v.trim()) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} harus bilangan bulat 1–${max}` });
        return z.NEVER;
      }
      return n;
    });

export const inboxQuery = z.object({
  page: pageNumber(100_000, 1, 'Halaman'),
  limit: pageNumber(100, 20, 'Limit'),
  unread: z.enum(['1', 'true']).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const markReadSchema = z.union(
  [
    z.object({ all: z.literal(true) }).strict(),
    z
      .object({ ids: z.array(uuidString('ID notifikasi tidak valid')).min(1, 'Pilih notifikasi').max(500, 'Paling banyak 500 sekaligus') })
      .strict(),
  ],
  { error: 'Kirim {"ids": [...]} atau {"all": true}' },
);
export type MarkReadInput = z.infer<typeof markReadSchema>;

const channel = z.enum(['email', 'whatsapp', 'push'], { error: 'Kanal tidak dikenal' });
export const preferencesSchema = z
  .object({ channels: z.array(z.object({ channel, enabled: z.boolean({ error: 'enabled harus true atau false' }) }).strict()).max(3) })
  .strict();
export type PreferencesInput = z.infer<typeof preferencesSchema>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutes = z
  .number({ error: 'Menit harus angka' })
  .int('Menit harus bilangan bulat')
  .min(0, 'Menit minimal 0')
  .max(720, 'Menit paling banyak 720');
export const notificationSettingsSchema = z
  .object({
    emailEnabled: z.boolean(),
    whatsappEnabled: z.boolean(),
    pushEnabled: z.boolean(),
    checkInReminder: z.boolean(),
    checkInReminderMinutes: minutes,
    checkOutReminder: z.boolean(),
    checkOutReminderMinutes: minutes,
    approverDigest: z.boolean(),
    digestTime: z.string().regex(TIME, 'Jam harus berformat HH:MM'),
    pendingLeaveEscalation: z.boolean(),
  })
  .strict();
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;

// A browser's PushSubscription.toJSON().
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .url('Endpoint tidak valid')
    .max(2000)
    .refine((v) => /^https?:\/\//.test(v), 'Endpoint tidak valid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Kunci p256dh tidak valid'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'Kunci auth tidak valid'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
