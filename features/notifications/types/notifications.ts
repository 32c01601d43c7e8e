// Response shapes of the notification routes (docs/notifications.md).
export type NotificationDto = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  createdAt: string;
};
export type InboxDto = { items: NotificationDto[]; unread: number; total: number; page: number; limit: number };

export type ChannelName = 'email' | 'whatsapp' | 'push';
export type PreferencesDto = {
  /** Only the channels the company offers (configured and on): the others are hidden. */
  channels: { channel: ChannelName; enabled: boolean; address: string | null }[];
  /** The VAPID public key for PushManager.subscribe, when push is offered. */
  vapidPublicKey: string | null;
  pushSubscriptions: { id: string; endpoint: string; endpointHost: string; userAgent: string | null; createdAt: string }[];
};

export type NotificationSettingsDto = {
  emailEnabled: boolean;
  whatsappEnabled: boolean;
  pushEnabled: boolean;
  checkInReminder: boolean;
  checkInReminderMinutes: number;
  checkOutReminder: boolean;
  checkOutReminderMinutes: number;
  approverDigest: boolean;
  digestTime: string;
  pendingLeaveEscalation: boolean;
  /** Channels this server has the settings for (SMTP_URL, the WhatsApp gateway); the others cannot be turned on. */
  configured: ChannelName[];
};

export type FailedDeliveryDto = {
  id: string;
  channel: ChannelName;
  address: string | null;
  attempts: number;
  lastError: string | null;
  updatedAt: string;
  notification: { id: string; kind: string; title: string; userId: string; userName: string | null; createdAt: string };
};
