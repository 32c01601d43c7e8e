// Webhooks (docs/webhooks.md) delivered to an HTTP server started here, with the admin's allowance for its
// loopback address: the receiver checks each signature the way docs/webhooks.md tells an integrator to; a
// receiver answering 500 gets the same body again after the backoff; every attempt is logged with its
// answer; a delivery can be re-sent; a private address is refused when registered and again when
// delivered; an event of a rolled-back change sends nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import jpeg from 'jpeg-js';
import { db } from '@/lib/server/db';
import { runDueJobs } from '@/lib/server/jobs/queue';
import '@/lib/server/jobs/handlers';
import { GET as listRoute, POST as createRoute } from '@/app/api/webhooks/route';
import { DELETE as deleteRoute, PUT as updateRoute } from '@/app/api/webhooks/[id]/route';
import { GET as deliveriesRoute } from '@/app/api/webhooks/[id]/deliveries/route';
import { POST as resendRoute } from '@/app/api/webhooks/deliveries/[id]/resend/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as leaveStatusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as closeRoute } from '@/app/api/periods/[month]/close/route';
import { POST as reopenRoute } from '@/app/api/periods/[month]/reopen/route';
import { emitWebhook } from '@/features/webhooks/server/webhook-emit';
import { addDays, dateKeyInZone } from '@/lib/dates';
import { call, configureMainOffice, createUser, enrolFace, punchCall } from '../helpers';

type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
/** The answers the receiver gives, in order; then 200. */
const answers: { status: number; body: string }[] = [];
let server: http.Server;
let base = '';

const KINDS = ['webhook.deliver'];
async function deliverDue() {
  await db.$executeRaw`UPDATE "Job" SET "runAt" = now() - interval '1 second' WHERE "kind" = 'webhook.deliver' AND "doneAt" IS NULL AND "failedAt" IS NULL`;
  return runDueJobs({ kinds: KINDS, limit: 100 });
}

/** docs/webhooks.md, "Verifying a delivery": what a receiver runs on the raw body. */
function verify(secret: string, header: string | undefined, rawBody: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds || !parts.v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);

let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, path: req.url ?? '' });
      const a = answers.shift() ?? { status: 200, body: 'diterima' };
      res.writeHead(a.status, { 'content-type': 'text/plain' }).end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  admin = await createUser({ role: 'admin', name: 'Admin Integrasi' });
  await configureMainOffice({ ...OFFICE, radius: 100, timezone: 'Asia/Jakarta' });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function register(path: string, events: string[], extra: Record<string, unknown> = { allowPrivateNetwork: true }) {
  const res = await call(createRoute, { token: admin.token, body: { url: `${base}${path}`, events, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { webhook: { id: string }; secret: string };
}

describe('registration', () => {
  it('refuses private, loopback and link-local addresses without the allowance, and audits the allowance', async () => {
    for (const url of [
      `${base}/hook`,
      'http://localhost:8080/hook',
      'http://[::1]:8080/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await call(createRoute, { token: admin.token, body: { url, events: ['leave.decided'] } });
      expect(res.status, url).toBe(400);
      expect(res.body.fields.url, url).toBe('Alamat privat/loopback/link-local tidak diizinkan');
    }
    expect(await db.webhook.count()).toBe(0);
    const bad = await call(createRoute, { token: admin.token, body: { url: 'ftp://example.com/x', events: ['leave.decided'] } });
    expect(bad.status).toBe(400);
    const none = await call(createRoute, { token: admin.token, body: { url: 'https://example.com/x', events: [] } });
    expect(none.status).toBe(400);

    const made = await register('/allowed', ['period.closed']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'webhook.create', entityId: made.webhook.id } });
    expect(audit.after).toMatchObject({ url: `${base}/allowed`, allowPrivateNetwork: true, events: ['period.closed'] });
    expect(JSON.stringify(audit.after)).not.toContain(made.secret);
    const list = await call(listRoute, { token: admin.token });
    expect(JSON.stringify(list.body)).not.toContain(made.secret);
    expect(list.body).toEqual([expect.objectContaining({ id: made.webhook.id, allowPrivateNetwork: true, active: true })]);
    // Taking the allowance away from a loopback URL is refused as well.
    const off = await call(updateRoute, {
      method: 'PUT',
      token: admin.token,
      params: { id: made.webhook.id },
      body: { url: `${base}/allowed`, events: ['period.closed'], allowPrivateNetwork: false },
    });
    expect(off.status).toBe(400);
    expect((await call(deleteRoute, { method: 'DELETE', token: admin.token, params: { id: made.webhook.id } })).status).toBe(200);
    expect(await db.auditLog.count({ where: { kind: 'webhook.delete', entityId: made.webhook.id } })).toBe(1);
  });
});

describe('delivery', () => {
  it('a check-in reaches the receiver signed; a receiver answering 500 gets the same body again; each attempt logged', async () => {
    const hook = await register('/absensi', ['attendance.recorded']);
    const emp = await createUser({ name: 'Rina Webhook' });
    await db.user.update({ where: { id: emp.user.id }, data: { employeeNumber: 'EMP-0042' } });
    await enrolFace(emp.user.id, DESCRIPTOR);
    const before = received.length;
    answers.push({ status: 500, body: 'server sibuk' });
    const punched = await punchCall(checkInRoute, 'check-in', {
      token: emp.token,
      body: { ...OFFICE, accuracy: 10, faceImage: PHOTO, faceDescriptor: DESCRIPTOR, verificationMethod: 'face' },
    });
    expect(punched.status, JSON.stringify(punched.body)).toBe(200);
    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: hook.webhook.id } });
    expect(delivery).toMatchObject({ event: 'attendance.recorded', status: 'pending', attempts: 0 });

    expect(await runDueJobs({ kinds: KINDS })).toMatchObject({ claimed: 1, retried: 1 });
    // The queue's backoff: the second attempt is not due before 30 s.
    const job = await db.job.findFirstOrThrow({ where: { key: `webhook:${delivery.id}` } });
    expect(job.runAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect(await runDueJobs({ kinds: KINDS })).toMatchObject({ claimed: 0 });
    expect(await deliverDue()).toMatchObject({ claimed: 1, done: 1 });

    const got = received.slice(before);
    expect(got).toHaveLength(2);
    expect(got[0]!.body).toBe(got[1]!.body);
    for (const r of got) {
      expect(r.path).toBe('/absensi');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-absensi-event']).toBe('attendance.recorded');
      expect(r.headers['x-absensi-delivery']).toBe(delivery.id);
      expect(verify(hook.secret, r.headers['x-absensi-signature'] as string, r.body)).toBe(true);
      // Another secret, or one changed byte of the body, does not verify.
      expect(verify('whsec_lain', r.headers['x-absensi-signature'] as string, r.body)).toBe(false);
      expect(verify(hook.secret, r.headers['x-absensi-signature'] as string, r.body.replace('check_in', 'check_out'))).toBe(false);
    }
    const sent = JSON.parse(got[0]!.body);
    expect(sent).toMatchObject({
      id: delivery.id,
      event: 'attendance.recorded',
      data: {
        attendanceId: punched.body.attendance.id,
        action: 'check_in',
        date: dateKeyInZone(new Date(), 'Asia/Jakarta'),
        method: 'face',
        kioskId: null,
        employee: { id: emp.user.id, name: 'Rina Webhook', email: emp.user.email, employeeNumber: 'EMP-0042' },
      },
    });
    expect(Math.abs(new Date(sent.data.at).getTime() - Date.now())).toBeLessThan(60_000);

    const log = await call(deliveriesRoute, { token: admin.token, params: { id: hook.webhook.id } });
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(1);
    expect(log.body[0]).toMatchObject({ id: delivery.id, status: 'sent', attempts: 2, lastStatus: 200 });
    expect(log.body[0].log.map((a: { number: number; status: number; body: string }) => [a.number, a.status, a.body])).toEqual([
      [1, 500, 'server sibuk'],
      [2, 200, 'diterima'],
    ]);
    for (const a of log.body[0].log) expect(a.durationMs).toBeGreaterThanOrEqual(0);

    // Resend: the same body with a fresh signature, audited; not while it is queued.
    const resent = await call(resendRoute, { token: admin.token, params: { id: delivery.id } });
    expect(resent.status).toBe(200);
    expect((await call(resendRoute, { token: admin.token, params: { id: delivery.id } })).status).toBe(409);
    expect(await deliverDue()).toMatchObject({ done: 1 });
    const again = received.at(-1)!;
    expect(again.body).toBe(got[0]!.body);
    expect(verify(hook.secret, again.headers['x-absensi-signature'] as string, again.body)).toBe(true);
    expect(await db.auditLog.count({ where: { kind: 'webhook.resend', entityId: delivery.id } })).toBe(1);
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: 'sent', attempts: 3 });
    await db.webhook.delete({ where: { id: hook.webhook.id } });
  });

  it('leave decisions and period close/reopen reach the webhooks that asked for them, and only those', async () => {
    const leaves = await register('/leaves', ['leave.decided']);
    const periods = await register('/periods', ['period.closed', 'period.reopened']);
    const hr = await createUser({ role: 'hr', name: 'Bu HR' });
    const emp = await createUser({ name: 'Dodi' });
    const today = dateKeyInZone(new Date(), 'Asia/Jakarta');
    const applied = await call(applyRoute, {
      token: emp.token,
      body: { type: 'lainnya', startDate: addDays(today, 30), endDate: addDays(today, 31), reason: 'Urusan keluarga di Bandung' },
    });
    expect(applied.status).toBe(201);
    // The application is no decision: nothing yet.
    expect(await db.webhookDelivery.count()).toBe(0);
    const decided = await call(leaveStatusRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: applied.body._id },
      body: { status: 'rejected', note: 'Stok tim kurang' },
    });
    expect(decided.status).toBe(200);
    const closed = await call(closeRoute, {
      token: admin.token,
      params: { month: '2025-06' },
      body: { override: true, reason: 'Uji webhook' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const reopened = await call(reopenRoute, { token: admin.token, params: { month: '2025-06' }, body: { reason: 'Koreksi gaji' } });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    const before = received.length;
    expect(await deliverDue()).toMatchObject({ claimed: 3, done: 3 });
    const got = received.slice(before).map((r) => ({ path: r.path, body: JSON.parse(r.body), r }));
    expect(got.map((g) => `${g.path} ${g.body.event}`).sort()).toEqual([
      '/leaves leave.decided',
      '/periods period.closed',
      '/periods period.reopened',
    ]);
    const leave = got.find((g) => g.body.event === 'leave.decided')!;
    expect(leave.body.data).toMatchObject({
      leaveId: applied.body._id,
      status: 'rejected',
      startDate: addDays(today, 30),
      endDate: addDays(today, 31),
      employee: { id: emp.user.id, name: 'Dodi' },
      decidedBy: { id: hr.user.id, name: 'Bu HR' },
      note: 'Stok tim kurang',
    });
    expect(verify(leaves.secret, leave.r.headers['x-absensi-signature'] as string, leave.r.body)).toBe(true);
    expect(got.find((g) => g.body.event === 'period.closed')!.body.data).toEqual({
      month: '2025-06',
      by: { id: admin.user.id, name: 'Admin Integrasi' },
      reason: 'Uji webhook',
    });
    expect(got.find((g) => g.body.event === 'period.reopened')!.body.data).toMatchObject({ month: '2025-06', reason: 'Koreksi gaji' });
    for (const g of got.filter((x) => x.path === '/periods'))
      expect(verify(periods.secret, g.r.headers['x-absensi-signature'] as string, g.r.body)).toBe(true);
    await db.webhook.deleteMany({});
  });

  it('an event of a rolled-back change sends nothing', async () => {
    await register('/rollback', ['period.closed']);
    await expect(
      db.$transaction(async (tx) => {
        await emitWebhook(tx, 'period.closed', { month: '2025-07' });
        expect(await tx.webhookDelivery.count()).toBe(1);
        throw new Error('batal');
      }),
    ).rejects.toThrow('batal');
    expect(await db.webhookDelivery.count()).toBe(0);
    expect(await db.job.count({ where: { kind: 'webhook.deliver', doneAt: null } })).toBe(0);
    await db.webhook.deleteMany({});
  });

  it('a name that resolves to a private address at delivery time is refused there (DNS rebinding), logged and not retried forever', async () => {
    // Saved as if "localhost" had been a public name when it was registered: the delivery resolves it again.
    const port = (server.address() as AddressInfo).port;
    const hook = await db.webhook.create({
      data: { url: `http://localhost:${port}/rebind`, events: ['period.closed'], secret: 'whsec_uji', allowPrivateNetwork: false },
    });
    const direct = await db.webhook.create({
      data: { url: `http://127.0.0.1:${port}/direct`, events: ['period.closed'], secret: 'whsec_uji', allowPrivateNetwork: false },
    });
    await db.$transaction((tx) => emitWebhook(tx, 'period.closed', { month: '2025-08' }));
    const before = received.length;
    for (let i = 0; i < 8; i++) await deliverDue();
    expect(received.length).toBe(before);
    for (const w of [hook, direct]) {
      const d = await db.webhookDelivery.findFirstOrThrow({ where: { webhookId: w.id }, include: { log: true } });
      expect(d.status).toBe('failed');
      expect(d.attempts).toBe(8);
      expect(d.log).toHaveLength(8);
      for (const a of d.log) {
        expect(a.status).toBeNull();
        expect(a.error).toMatch(/alamat privat\/loopback\/link-local/);
      }
    }
    await db.webhook.deleteMany({});
  });
});
