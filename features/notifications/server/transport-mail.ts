// E-mail over SMTP (nodemailer): SMTP_URL and MAIL_FROM (docs/notifications.md). One pooled transport
// per URL; an error (connection refused, 4xx/5xx answer) throws and the job retries it later.
import nodemailer, { type Transporter } from 'nodemailer';
import { getEnv } from '@/lib/env';

const holder = globalThis as typeof globalThis & { __absensiMail?: { url: string; transport: Transporter } };

function transport(): Transporter {
  const url = getEnv().SMTP_URL;
  if (!url) throw new Error('SMTP_URL is not set');
  if (holder.__absensiMail?.url !== url) {
    holder.__absensiMail?.transport.close();
    holder.__absensiMail = {
      url,
      transport: nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return holder.__absensiMail.transport;
}

export async function sendMail(to: string, mail: { subject: string; text: string; html: string }, messageId: string): Promise<void> {
  const env = getEnv();
  // The Message-ID is the delivery's id: a receiver (or a test) can tell a repeated send of the same delivery.
  await transport().sendMail({ from: env.MAIL_FROM, to, subject: mail.subject, text: mail.text, html: mail.html, messageId });
}

/** Closes the pooled connection (tests, shutdown). */
export function closeMail(): void {
  holder.__absensiMail?.transport.close();
  holder.__absensiMail = undefined;
}
