// An activation link as HR gets it (docs/onboarding.md): the link itself is shown once, never stored.
export type InviteDto = {
  userId: string;
  name: string;
  email: string;
  link: string;
  expiresAt: string;
  message: string;
  /** The channels the link went out on (`send`: e-mail, WhatsApp; queued in the outbox, delivered by a job). */
  sent: ('email' | 'whatsapp')[];
};
export type InviteStatusDto = {
  userId: string;
  status: 'none' | 'open' | 'used' | 'expired' | 'revoked';
  expiresAt: string | null;
  usedAt: string | null;
};
