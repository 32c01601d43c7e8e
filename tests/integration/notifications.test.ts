// Notifications through the outbox with real transports started here (docs/notifications.md): an SMTP
// server the mail must reach (stopped mid-run: every message arrives afterwards, none twice), a WhatsApp
// gateway answering 500 for a while, a push service that decrypts each message with the subscription's
// keys; the inbox routes, preferences, Notifikasi Gagal with its resend, and the events of a leave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { resetEnvCache } from '@/lib/env';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { notify } from '@/features/notifications/server/notify';
import { closeMail } from '@/features/notifications/server/transport-mail';
import { GET as inboxRoute } from '@/app/api/notifications/route';
import { POST as readRoute } from '@/app/api/notifications/read/route';
import { GET as prefsGet, PUT as prefsPut } from '@/app/api/notifications/preferences/route';
import { GET as failedRoute } from '@/app/api/notifications/failed/route';
import { POST as resendRoute } from '@/app/api/notifications/failed/[id]/resend/route';
import { POST as subscribeRoute } from '@/app/api/push/subscriptions/route';
import { DELETE as unsubscribeRoute } from '@/app/api/push/subscriptions/[id]/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { addDays, dateKeyInZone } from '@/lib/dates';
import { call, createUser } from '../helpers';
import { TestSmtp, decryptPush, pushKeys, startGateway, startPushService } from '../transports';

const smtp = new TestSmtp();
let gateway: Awaited<ReturnType<typeof startGateway>>;
let push: Awaited<ReturnType<typeof startPushService>>;
const KINDS = ['notification.deliver'];

/** Makes every waiting delivery due now (instead of waiting out its backoff) and runs the due ones. */
async function deliverDue() {
  await db.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE "kind" = 'notification.deliver' AND "doneAt" IS NULL AND "failedAt" IS NULL`;
  return runDueJobs({ kinds: KINDS, limit: 200 });
}

const deliveriesOf = (userId: string) =>
  db.notificationDelivery.findMany({ where: { notification: { userId } }, orderBy: [{ createdAt: 'asc' }, { channel: 'asc' }] });

beforeAll(async () => {
  await smtp.start();
  gateway = await startGateway();
  push = await startPushService();
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_FROM = 'Absensi <absensi@test.local>';
  process.env.APP_BASE_URL = 'https://absensi.test';
  process.env.WHATSAPP_GATEWAY_URL = gateway.url;
  process.env.WHATSAPP_GATEWAY_TOKEN = 'token-rahasia-gateway';
  resetEnvCache();
});

afterAll(async () => {
  closeMail();
  await smtp.stop();
  await gateway.close();
  await push.close();
});

describe('e-mail over SMTP', () => {
  it('the SMTP server stopped mid-run: every message arrives afterwards, none twice', async () => {
    const { user } = await createUser({ name: 'Sari' });
    const send = (n: number) => db.$transaction((tx) => notify(tx, { to: user.id, kind: 'day.alpa', facts: { date: `Hari ${n}` } }));
    const mine = () => smtp.mails.filter((m) => m.to === user.email);
    for (let i = 1; i <= 3; i++) await send(i);
    // No phone, no push subscription: e-mail only.
    expect((await deliverDue()).done).toBe(3);
    expect(mine()).toHaveLength(3);

    await smtp.stop();
    closeMail();
    for (let i = 4; i <= 6; i++) await send(i);
    const down = await deliverDue();
    expect(down).toMatchObject({ claimed: 3, done: 0, retried: 3 });
    const waiting = (await deliveriesOf(user.id)).filter((d) => d.status === 'pending');
    expect(waiting).toHaveLength(3);
    for (const d of waiting) expect(d.lastError).toMatch(/ECONNREFUSED|connect/i);
    // A second round while it is still down: each one more failed attempt, still waiting.
    expect((await deliverDue()).retried).toBe(3);

    await smtp.start();
    expect((await deliverDue()).done).toBe(3);
    expect(await deliverDue()).toMatchObject({ claimed: 0 });
    const got = mine();
    expect(got.map((m) => m.subject).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `[Absensi] Anda tercatat alpa pada Hari ${n}`).sort());
    // Each delivery once: as many distinct Message-IDs as mails.
    expect(new Set(got.map((m) => m.messageId)).size).toBe(6);
    const rows = await deliveriesOf(user.id);
    expect(rows.map((d) => [d.status, d.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
      ['sent', 3],
      ['sent', 3],
      ['sent', 3],
    ]);
    // Plain text and HTML, in Indonesian, with the link into the app.
    const raw = got[0]!.raw;
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    expect(raw).toContain('https://absensi.test/employee/corrections');
  });
});

describe('WhatsApp through an HTTP gateway', () => {
  it('answers 500 for a while: retried with backoff, then delivered once to the 62… number with the token', async () => {
    const { user } = await createUser({ name: 'Budi' });
    await db.user.update({ where: { id: user.id }, data: { phone: '6281234567890' } });
    await db.notificationPreference.create({ data: { userId: user.id, channel: 'email', enabled: false } });
    gateway.state.failing = true;
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'reminder.checkin', facts: { shiftStart: '08:00' } }));
    expect((await deliverDue()).retried).toBe(1);
    expect((await deliverDue()).retried).toBe(1);
    const job = await db.job.findFirstOrThrow({
      where: { kind: 'notification.deliver', payload: { path: ['deliveryId'], equals: (await deliveriesOf(user.id))[0]!.id } },
    });
    expect(job.lastError).toMatch(/WhatsApp gateway 500/);
    gateway.state.failing = false;
    const before = gateway.state.calls.length;
    expect((await deliverDue()).done).toBe(1);
    expect(await deliverDue()).toMatchObject({ claimed: 0 });
    const calls = gateway.state.calls.slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.auth).toBe('token-rahasia-gateway');
    expect(calls[0]!.contentType).toBe('application/json');
    expect(JSON.parse(calls[0]!.body)).toEqual({
      target: '6281234567890',
      message:
        '*Anda belum check-in*\nShift Anda hari ini dimulai pukul 08:00. Jangan lupa check-in.\nhttps://absensi.test/employee/attendance',
    });
    // E-mail turned off by the person: only the WhatsApp row exists.
    expect((await deliveriesOf(user.id)).map((d) => [d.channel, d.status, d.attempts])).toEqual([['whatsapp', 'sent', 3]]);
  });

  it('after the last retry it is in Notifikasi Gagal; the admin resends it and it arrives', async () => {
    const { user } = await createUser({ name: 'Dewi' });
    const { token: adminToken } = await createUser({ role: 'admin' });
    const { token: hrToken } = await createUser({ role: 'hr' });
    await db.user.update({ where: { id: user.id }, data: { phone: '628111222333' } });
    await db.notificationPreference.create({ data: { userId: user.id, channel: 'email', enabled: false } });
    gateway.state.failing = true;
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'face.not_enrolled' }));
    for (let i = 0; i < 8; i++) await deliverDue();
    const [row] = await deliveriesOf(user.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
    const list = await call(failedRoute, { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body.find((d: { id: string }) => d.id === row!.id)).toMatchObject({
      channel: 'whatsapp',
      attempts: 8,
      notification: { title: 'Wajah Anda belum terdaftar', userName: 'Dewi' },
    });
    expect((await call(failedRoute, { token: hrToken })).status).toBe(403);

    gateway.state.failing = false;
    const res = await call(resendRoute, { method: 'POST', token: adminToken, params: { id: row!.id } });
    expect(res.status).toBe(200);
    expect((await call(resendRoute, { method: 'POST', token: adminToken, params: { id: row!.id } })).status).toBe(409);
    expect((await deliverDue()).done).toBeGreaterThanOrEqual(1);
    expect((await deliveriesOf(user.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await db.auditLog.count({ where: { kind: 'notification.resend', entityId: row!.id } })).toBe(1);
  });
});

describe('web push', () => {
  it('the push service receives one encrypted message that the subscription keys decrypt; 410 removes the subscription', async () => {
    const { user, token } = await createUser({ name: 'Rina' });
    await db.notificationPreference.create({ data: { userId: user.id, channel: 'email', enabled: false } });
    const prefs = await call(prefsGet, { token });
    expect(prefs.status).toBe(200);
    expect(prefs.body.channels.map((c: { channel: string }) => c.channel)).toEqual(['email', 'whatsapp', 'push']);
    const vapid = prefs.body.vapidPublicKey as string;
    expect(Buffer.from(vapid, 'base64url')).toHaveLength(65);
    const keys = pushKeys();
    const sub = await call(subscribeRoute, {
      token,
      body: { endpoint: `${push.base}/push/rina`, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.authText } },
    });
    expect(sub.status).toBe(201);

    await db.$transaction((tx) =>
      notify(tx, { to: user.id, kind: 'overtime.assigned', facts: { actor: 'Pak Joko', date: '27 Nov 2026', time: '17:00–19:00' } }),
    );
    expect((await deliverDue()).done).toBe(1);
    const calls = push.state.calls.filter((c) => c.path === '/push/rina');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.encoding).toBe('aes128gcm');
    expect(calls[0]!.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid}$`));
    const payload = JSON.parse(decryptPush(calls[0]!.body, keys));
    expect(payload).toMatchObject({
      title: 'Penugasan lembur menunggu persetujuan Anda',
      body: 'Pak Joko menugaskan lembur 27 Nov 2026 17:00–19:00. Buka halaman Lembur untuk menerima atau menolak.',
      url: '/employee/overtime',
    });

    push.state.status = 410;
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'face.not_enrolled' }));
    await deliverDue();
    push.state.status = 201;
    expect(await db.pushSubscription.count({ where: { userId: user.id } })).toBe(0);

    // Someone else cannot remove a subscription; its owner can.
    const again = await call(subscribeRoute, {
      token,
      body: { endpoint: `${push.base}/push/rina2`, keys: { p256dh: keys.p256dh, auth: keys.authText } },
    });
    const { token: other } = await createUser();
    expect((await call(unsubscribeRoute, { method: 'DELETE', token: other, params: { id: again.body.id } })).status).toBe(404);
    expect((await call(unsubscribeRoute, { method: 'DELETE', token, params: { id: again.body.id } })).status).toBe(200);
  });
});

describe('the inbox', () => {
  it('own items only, newest first, paged, with the unread count; mark some or all read', async () => {
    const { user, token } = await createUser();
    const { user: other, token: otherToken } = await createUser();
    for (let i = 1; i <= 5; i++) await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'day.alpa', facts: { date: `Hari ${i}` } }));
    await db.$transaction((tx) => notify(tx, { to: other.id, kind: 'face.not_enrolled' }));
    const page1 = await call(inboxRoute, { token, path: '/api/notifications?limit=2' });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ unread: 5, total: 5, page: 1, limit: 2 });
    expect(page1.body.items.map((i: { title: string }) => i.title)).toEqual([
      'Anda tercatat alpa pada Hari 5',
      'Anda tercatat alpa pada Hari 4',
    ]);
    const page3 = await call(inboxRoute, { token, path: '/api/notifications?limit=2&page=3' });
    expect(page3.body.items.map((i: { title: string }) => i.title)).toEqual(['Anda tercatat alpa pada Hari 1']);

    const otherItem = (await call(inboxRoute, { token: otherToken })).body.items[0].id;
    const read = await call(readRoute, { token, body: { ids: [page1.body.items[0].id, otherItem] } });
    expect(read.body).toEqual({ updated: 1, unread: 4 });
    expect((await call(inboxRoute, { token: otherToken })).body.unread).toBe(1);
    expect((await call(readRoute, { token, body: { all: true } })).body).toEqual({ updated: 4, unread: 0 });

    expect((await call(readRoute, { token, body: {} })).status).toBe(400);
    expect((await call(readRoute, { token, body: { ids: ['x'] } })).status).toBe(400);
    expect((await call(inboxRoute, { token, path: '/api/notifications?limit=500' })).status).toBe(400);
    expect((await call(inboxRoute, {})).status).toBe(401);
  });

  it('preferences: a channel the company does not offer is refused; one turned off gets no delivery', async () => {
    const { user, token } = await createUser();
    await db.user.update({ where: { id: user.id }, data: { phone: '6281299990000' } });
    const put = await call(prefsPut, { method: 'PUT', token, body: { channels: [{ channel: 'whatsapp', enabled: false }] } });
    expect(put.status).toBe(200);
    expect(put.body.channels).toContainEqual({ channel: 'whatsapp', enabled: false, address: '6281299990000' });
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'face.not_enrolled' }));
    expect((await deliveriesOf(user.id)).map((d) => d.channel)).toEqual(['email']);

    const saved = process.env.WHATSAPP_GATEWAY_URL;
    process.env.WHATSAPP_GATEWAY_URL = '';
    resetEnvCache();
    try {
      const prefs = await call(prefsGet, { token });
      expect(prefs.body.channels.map((c: { channel: string }) => c.channel)).toEqual(['email', 'push']);
      const refused = await call(prefsPut, { method: 'PUT', token, body: { channels: [{ channel: 'whatsapp', enabled: true }] } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('Kanal whatsapp tidak tersedia');
    } finally {
      process.env.WHATSAPP_GATEWAY_URL = saved;
      resetEnvCache();
    }
  });
});

describe('a leave, end to end through the outbox', () => {
  it('applied → the supervisor (inbox and mail); decided → the employee with the note', async () => {
    const { user: boss, token: bossToken } = await createUser({ name: 'Pak Andi' });
    const { user: emp, token: empToken } = await createUser({ name: 'Wati' });
    await db.user.update({ where: { id: emp.id }, data: { supervisorId: boss.id } });
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    const applied = await call(applyRoute, {
      token: empToken,
      body: { type: 'lainnya', startDate: addDays(today, 20), endDate: addDays(today, 26), reason: 'Mengurus keluarga di Medan' },
    });
    expect(applied.status).toBe(201);
    const bossInbox = await call(inboxRoute, { token: bossToken });
    expect(bossInbox.body.unread).toBe(1);
    expect(bossInbox.body.items[0]).toMatchObject({ title: 'Pengajuan cuti menunggu keputusan Anda', link: '/employee/team' });
    expect(bossInbox.body.items[0].body).toMatch(/^Wati mengajukan Izin Tanpa Upah .* Alasan: Mengurus keluarga di Medan$/);
    await deliverDue();
    expect(smtp.mails.filter((m) => m.to === boss.email).map((m) => m.subject)).toEqual([
      '[Absensi] Pengajuan cuti menunggu keputusan Anda',
    ]);

    const rejected = await call(statusRoute, {
      method: 'PUT',
      token: bossToken,
      params: { id: applied.body._id },
      body: { status: 'rejected', note: 'Tim sedang audit akhir tahun' },
    });
    expect(rejected.status).toBe(200);
    const empInbox = await call(inboxRoute, { token: empToken });
    expect(empInbox.body.items[0]).toMatchObject({ title: 'Pengajuan Izin Tanpa Upah Anda ditolak', link: '/employee/leave' });
    expect(empInbox.body.items[0].body).toMatch(/ditolak oleh Pak Andi\. Catatan: Tim sedang audit akhir tahun$/);
    await deliverDue();
    expect(smtp.mails.filter((m) => m.to === emp.email).map((m) => m.subject)).toEqual([
      '[Absensi] Pengajuan Izin Tanpa Upah Anda ditolak',
    ]);
  });

  it('a notification written in a transaction that rolls back leaves no inbox item, no delivery and no job', async () => {
    const { user } = await createUser();
    await expect(
      db.$transaction(async (tx) => {
        await notify(tx, { to: user.id, kind: 'face.not_enrolled' });
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect(await db.notification.count({ where: { userId: user.id } })).toBe(0);
    // Keyed: a second notify with the same key writes nothing.
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'face.not_enrolled', key: 'face:2026-W48' }));
    await db.$transaction((tx) => notify(tx, { to: user.id, kind: 'face.not_enrolled', key: 'face:2026-W48' }));
    expect(await db.notification.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.notificationDelivery.count({ where: { notification: { userId: user.id } } })).toBe(1);
  });
});
