// Activation links sent through the notifications' outbox (docs/onboarding.md, docs/notifications.md), with
// real transports started here: an SMTP server and a WhatsApp gateway. The link arrives once on each channel
// and activates the account; a failing transport is retried and never undoes the link; a link revoked or
// replaced while its message waits is never sent; the link's token is kept in no row once the message is done.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { resetEnvCache } from '@/lib/env';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { closeMail } from '@/features/notifications/server/transport-mail';
import { POST as inviteRoute, DELETE as revokeRoute, GET as statusRoute } from '@/app/api/users/[id]/invite/route';
import { POST as activateRoute } from '@/app/api/auth/activate/route';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as resendRoute } from '@/app/api/notifications/failed/[id]/resend/route';
import { POST as importRoute } from '@/app/api/users/import/route';
import { INVITE_INVALID } from '@/features/employees/validation/invites';
import { call, createUser, uniqueEmail } from '../helpers';
import { TestSmtp, startGateway, type Mail } from '../transports';

const smtp = new TestSmtp();
let gateway: Awaited<ReturnType<typeof startGateway>>;

async function deliverDue() {
  await db.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE "kind" = 'notification.deliver' AND "doneAt" IS NULL AND "failedAt" IS NULL`;
  return runDueJobs({ kinds: ['notification.deliver'], limit: 200 });
}

/** The mail's text with quoted-printable undone (soft line breaks, =XX). */
const textOf = (m: Mail) =>
  Buffer.from(
    m.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
const TOKEN = /\/activate\?token=([A-Za-z0-9_-]{43})/;
const tokenIn = (text: string) => text.match(TOKEN)?.[1] ?? null;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to === email);
const whatsappTo = (phone: string) => gateway.state.calls.filter((c) => (JSON.parse(c.body) as { target: string }).target === phone);

/** Rows of the outbox, the jobs, the audit trail and the invites that still hold `token` anywhere. */
async function rowsHolding(token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['Notification', 'NotificationDelivery', 'Job', 'AuditLog', 'UserInvite']) {
    const [r] = await db.$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM "${table}" t WHERE t::text LIKE $1`,
      `%${token}%`,
    );
    out[table] = r!.n;
  }
  return out;
}
const NOWHERE = { Notification: 0, NotificationDelivery: 0, Job: 0, AuditLog: 0, UserInvite: 0 };

async function person(name: string, phone: string | null) {
  const p = await createUser({ name });
  if (phone) await db.user.update({ where: { id: p.user.id }, data: { phone } });
  return p.user;
}

beforeAll(async () => {
  await smtp.start();
  gateway = await startGateway();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Absensi <absensi@test.local>';
  process.env.WHATSAPP_GATEWAY_URL = gateway.url;
  process.env.WHATSAPP_GATEWAY_TOKEN = 'token-rahasia-gateway';
  resetEnvCache();
});

beforeEach(() => {
  gateway.state.failing = false;
  gateway.state.echo = false;
});

afterAll(async () => {
  closeMail();
  await smtp.stop();
  await gateway.close();
});

describe('activation links by e-mail and WhatsApp', () => {
  it('sent once on each channel, in Indonesian, with the link that activates the account; then kept nowhere', async () => {
    const hr = await createUser({ role: 'hr', name: 'Hana HR' });
    const emp = await person('Dewi Lestari', '6281200000001');
    const res = await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: emp.id }, body: { send: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: emp.id, name: 'Dewi Lestari', email: emp.email, sent: ['email', 'whatsapp'] });
    expect(res.body.message).toMatch(/^Tautan aktivasi untuk Dewi Lestari berlaku sampai .+; dikirim lewat e-mail dan WhatsApp$/);
    const token = tokenOf(res.body.link);
    // Until it is sent, the outbox holds the link (and nothing else does).
    expect(await rowsHolding(token)).toEqual({ ...NOWHERE, Notification: 1 });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'user.invite', targetUserId: emp.id } });
    expect(audit.after).toMatchObject({ sent: ['email', 'whatsapp'] });

    expect(await deliverDue()).toMatchObject({ done: 2 });
    expect(await deliverDue()).toMatchObject({ claimed: 0 });
    const mails = mailsTo(emp.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Absensi] Aktifkan akun Absensi Anda');
    const text = textOf(mails[0]!);
    expect(text).toContain('Halo Dewi Lestari, akun Absensi Anda sudah dibuat oleh Hana HR.');
    expect(text).toMatch(/berlaku sampai \w+, \d{1,2} \w+ \d{4} pukul \d{2}\.\d{2} WIB dan hanya sekali pakai/);
    expect(tokenIn(text)).toBe(token);
    const wa = whatsappTo('6281200000001');
    expect(wa).toHaveLength(1);
    const waText = (JSON.parse(wa[0]!.body) as { message: string }).message;
    expect(waText.startsWith('*Aktifkan akun Absensi Anda*\nHalo Dewi Lestari')).toBe(true);
    expect(waText).toContain('sekali pakai');
    expect(tokenIn(waText)).toBe(token);

    // Both sent: the token is in no row any more; the person's bell has the message, read, without the link.
    expect(await rowsHolding(token)).toEqual(NOWHERE);
    const n = await db.notification.findFirstOrThrow({ where: { userId: emp.id, kind: 'account.invite' } });
    expect(n.link).toBeNull();
    expect(n.readAt).not.toBeNull();

    // The mailed link activates the account, once.
    expect((await call(activateRoute, { body: { token: tokenIn(text), password: 'PasswordDewi1' } })).status).toBe(200);
    expect((await call(loginRoute, { body: { email: emp.email, password: 'PasswordDewi1' } })).status).toBe(200);
    expect((await call(activateRoute, { body: { token: tokenIn(waText), password: 'PasswordLain1' } })).status).toBe(409);
  });

  it('without send nothing is queued; a channel switched off or an address missing is left out', async () => {
    const admin = await createUser({ role: 'admin' });
    const noPhone = await person('Tanpa Nomor', null);
    const plain = await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: noPhone.id } });
    expect(plain.body.sent).toEqual([]);
    expect(plain.body.message).toMatch(/^Tautan aktivasi untuk Tanpa Nomor berlaku sampai [\d/]+$/);
    expect(await db.notification.count({ where: { userId: noPhone.id } })).toBe(0);
    const mailOnly = await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: noPhone.id }, body: { send: true } });
    expect(mailOnly.body.sent).toEqual(['email']);

    const withPhone = await person('Ada Nomor', '081200000002');
    await db.notificationSettings.upsert({ where: { id: 1 }, create: { id: 1, emailEnabled: false }, update: { emailEnabled: false } });
    try {
      const waOnly = await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: withPhone.id }, body: { send: true } });
      expect(waOnly.body.sent).toEqual(['whatsapp']);
      const none = await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: noPhone.id }, body: { send: true } });
      expect(none.body.sent).toEqual([]);
      expect(none.body.message).toContain('tidak terkirim');
    } finally {
      await db.notificationSettings.update({ where: { id: 1 }, data: { emailEnabled: true } });
    }
    await deliverDue();
    // The link made with mail off replaced the mail-only one and withdrew its waiting message: no mail.
    expect(mailsTo(noPhone.email)).toHaveLength(0);
    expect(whatsappTo('6281200000002')).toHaveLength(1);
  });

  it('a failing transport is retried and never undoes the link; its error keeps no token', async () => {
    const hr = await createUser({ role: 'hr' });
    const emp = await person('Eko Prasetyo', '6281200000003');
    await smtp.stop();
    closeMail();
    gateway.state.failing = true;
    gateway.state.echo = true;
    const res = await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: emp.id }, body: { send: true } });
    expect(res.status).toBe(200);
    const token = tokenOf(res.body.link);
    try {
      expect(await deliverDue()).toMatchObject({ done: 0, retried: 2 });
      expect(await deliverDue()).toMatchObject({ done: 0, retried: 2 });
    } finally {
      await smtp.start();
    }
    expect((await call(statusRoute, { token: hr.token, params: { id: emp.id } })).body.status).toBe('open');
    const waiting = await db.notificationDelivery.findMany({ where: { notification: { userId: emp.id } } });
    expect(waiting.map((d) => [d.channel, d.status, d.attempts]).sort()).toEqual([
      ['email', 'pending', 2],
      ['whatsapp', 'pending', 2],
    ]);
    // The gateway echoed the message (with the link) in its 500 answer: the stored errors do not keep it.
    const waError = waiting.find((d) => d.channel === 'whatsapp')!.lastError!;
    expect(waError).toMatch(/^WhatsApp gateway 500: .*server sibuk/);
    expect(waError).not.toMatch(/token=[A-Za-z0-9_-]/);
    expect(await rowsHolding(token)).toEqual({ ...NOWHERE, Notification: 1 });

    gateway.state.failing = false;
    expect(await deliverDue()).toMatchObject({ done: 2 });
    expect(mailsTo(emp.email)).toHaveLength(1);
    expect(whatsappTo('6281200000003')).toHaveLength(1);
    expect(await rowsHolding(token)).toEqual(NOWHERE);
    expect((await call(activateRoute, { body: { token: tokenIn(textOf(mailsTo(emp.email)[0]!)), password: 'PasswordEko1' } })).status).toBe(
      200,
    );
  });

  it('failed for good: the link is emptied, shown in Notifikasi Gagal, and not resent from there', async () => {
    const admin = await createUser({ role: 'admin' });
    const emp = await person('Fajar', '6281200000004');
    gateway.state.failing = true;
    await db.notificationSettings.update({ where: { id: 1 }, data: { emailEnabled: false } });
    try {
      const res = await call(inviteRoute, { method: 'POST', token: admin.token, params: { id: emp.id }, body: { send: true } });
      expect(res.body.sent).toEqual(['whatsapp']);
      for (let i = 0; i < 8; i++) await deliverDue();
      const d = await db.notificationDelivery.findFirstOrThrow({ where: { notification: { userId: emp.id } } });
      expect([d.status, d.attempts]).toEqual(['failed', 8]);
      expect(await rowsHolding(tokenOf(res.body.link))).toEqual(NOWHERE);
      const resend = await call(resendRoute, { method: 'POST', token: admin.token, params: { id: d.id } });
      expect(resend.status).toBe(409);
      expect(resend.body.error).toContain('Kelola Karyawan');
      // The link itself still works when HR hands it out.
      expect((await call(statusRoute, { token: admin.token, params: { id: emp.id } })).body.status).toBe('open');
    } finally {
      await db.notificationSettings.update({ where: { id: 1 }, data: { emailEnabled: true } });
    }
  });

  it('a link revoked or replaced while its message waits is never sent; the new one is, once', async () => {
    const hr = await createUser({ role: 'hr' });
    const emp = await person('Gita', '6281200000005');
    await smtp.stop();
    closeMail();
    gateway.state.failing = true;
    let first: string, second: string;
    try {
      first = tokenOf(
        (await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: emp.id }, body: { send: true } })).body.link,
      );
      expect(await deliverDue()).toMatchObject({ retried: 2 });
      // HR sends again: a new link, the old one revoked and its waiting message withdrawn.
      const again = await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: emp.id }, body: { send: true } });
      expect(again.body.sent).toEqual(['email', 'whatsapp']);
      second = tokenOf(again.body.link);
      expect(await rowsHolding(first)).toEqual(NOWHERE);
    } finally {
      await smtp.start();
    }
    gateway.state.failing = false;
    // Four jobs: the new link's two, and the withdrawn message's two, which find nothing to send.
    expect(await deliverDue()).toMatchObject({ claimed: 4, done: 4 });
    expect(await deliverDue()).toMatchObject({ claimed: 0 });
    const mails = mailsTo(emp.email);
    expect(mails).toHaveLength(1);
    expect(tokenIn(textOf(mails[0]!))).toBe(second);
    const wa = whatsappTo('6281200000005');
    expect(wa).toHaveLength(1);
    expect(tokenIn((JSON.parse(wa[0]!.body) as { message: string }).message)).toBe(second);
    const old = await call(activateRoute, { body: { token: first, password: 'PasswordGita1' } });
    expect(old.status).toBe(400);
    expect(old.body.error).toBe(INVITE_INVALID);

    // Revoked while the message waits (the gateway down): nothing goes out, the link does not activate.
    gateway.state.failing = true;
    await db.notificationSettings.update({ where: { id: 1 }, data: { emailEnabled: false } });
    try {
      const third = tokenOf(
        (await call(inviteRoute, { method: 'POST', token: hr.token, params: { id: emp.id }, body: { send: true } })).body.link,
      );
      expect(await deliverDue()).toMatchObject({ retried: 1 });
      expect((await call(revokeRoute, { method: 'DELETE', token: hr.token, params: { id: emp.id } })).status).toBe(200);
      gateway.state.failing = false;
      await deliverDue();
      expect(whatsappTo('6281200000005')).toHaveLength(1);
      expect(await rowsHolding(third)).toEqual(NOWHERE);
      expect((await call(activateRoute, { body: { token: third, password: 'PasswordGita1' } })).body.error).toBe(INVITE_INVALID);
    } finally {
      await db.notificationSettings.update({ where: { id: 1 }, data: { emailEnabled: true } });
    }
  });
});

describe('import with "Kirim tautan aktivasi"', () => {
  const HEADER = 'NIK;Nama;Email;No. HP;Jabatan;Divisi;Kantor;Jadwal;Atasan (NIK);Tanggal Bergabung;Peran;Saldo Awal Cuti Tahunan';
  const file = (lines: string[]) => `data:text/csv;base64,${Buffer.from([HEADER, ...lines].join('\n')).toString('base64')}`;
  const post = (token: string, f: string, body: Record<string, unknown>) =>
    call(importRoute, { method: 'POST', path: '/api/users/import', token, body: { filename: 'baru.csv', file: f, ...body } });

  it('each new person gets a link on their channels in the import; changed people and a second import none', async () => {
    const hr = await createUser({ role: 'hr', name: 'Hana HR' });
    const a = uniqueEmail('imp-a');
    const b = uniqueEmail('imp-b');
    const lines = [`INV1;Indah Baru;${a};081200000011;Staf;;;;;;karyawan;`, `INV2;Joko Baru;${b};;Staf;;;;;;karyawan;`];
    const res = await post(hr.token, file(lines), { sendInvites: true });
    expect(res.status).toBe(200);
    expect(res.body.committed).toBe(true);
    expect(res.body.invites).toEqual({ created: 2, email: 2, whatsapp: 1 });
    expect(res.body.message).toContain('2 tautan aktivasi dibuat (2 lewat e-mail, 1 lewat WhatsApp)');
    const people = await db.user.findMany({ where: { employeeNumber: { in: ['INV1', 'INV2'] } } });
    expect(await db.userInvite.count({ where: { userId: { in: people.map((p) => p.id) } } })).toBe(2);
    const importAudit = await db.auditLog.findFirstOrThrow({ where: { kind: 'user.import' }, orderBy: { id: 'desc' } });
    expect(importAudit.after).toMatchObject({ invites: { created: 2, email: 2, whatsapp: 1 } });

    await deliverDue();
    expect(mailsTo(a)).toHaveLength(1);
    expect(mailsTo(b)).toHaveLength(1);
    expect(whatsappTo('6281200000011')).toHaveLength(1);
    const token = tokenIn(textOf(mailsTo(b)[0]!));
    expect(await rowsHolding(token!)).toEqual(NOWHERE);
    expect((await call(activateRoute, { body: { token, password: 'PasswordJoko1' } })).status).toBe(200);
    expect((await call(loginRoute, { body: { email: b, password: 'PasswordJoko1' } })).status).toBe(200);

    // The same file again: nobody new, no link; without the option, none either.
    const again = await post(hr.token, file(lines), { sendInvites: true });
    expect(again.body.invites).toEqual({ created: 0, email: 0, whatsapp: 0 });
    const c = uniqueEmail('imp-c');
    const plain = await post(hr.token, file([`INV3;Kiki Baru;${c};;Staf;;;;;;karyawan;`]), {});
    expect(plain.body.invites).toBeNull();
    await deliverDue();
    expect(mailsTo(a)).toHaveLength(1);
    expect(mailsTo(c)).toHaveLength(0);
  });
});
