// Access-control matrix (OWASP ASVS 5.0 V8): every /api route handler found on disk × five callers →
// the expected status. Every answer that is not a success must leave the database exactly as it was.
// A route or method without a row fails the test, and so does a row without a route.
//
// Callers: anonymous (no token) acting on employee B's data; employee A acting on A's own data;
// employee A acting on B's data; HR acting on B; admin acting on B. Routes that name no user (e.g.
// GET /api/settings) get the same request from A in both A columns. Each cell runs in a fresh world
// (four users, B's and A's attendance, photos, face enrolment and leave), so a success in one cell
// (a deleted user, a reset enrolment) cannot change the next; a cell after a refusal keeps the world the
// refusal was proven (row by row) to have left unchanged.
import { beforeAll, describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { db } from '@/lib/server/db';
import { getEnv } from '@/lib/env';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, checkedIn, configureMainOffice, createUser, enrolFace, TEST_PASSWORD, uniqueEmail } from '../helpers';
import { dbSnapshot } from '../db-snapshot';
import { reusableWorld } from '../world-copy';
import { loadHandlers, type RouteHandler } from '../api-routes';
import type { RouteSpec } from '@/lib/server/http';
import { getMainOffice } from '@/features/offices/server/offices';
import { API_KEY_SCOPES, SCOPE_ROUTES } from '@/features/integrations/lib/scopes';

type Caller = 'anonymous' | 'selfA' | 'AonB' | 'hr' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'selfA', 'AonB', 'hr', 'admin'];
type Made = Awaited<ReturnType<typeof createUser>>;
type World = {
  admin: Made;
  hr: Made;
  a: Made;
  b: Made;
  attendance: Record<string, string>;
  leave: Record<string, string>;
  officeId: string;
  branchId: string;
  scheduleId: string;
  assignmentId: string;
  holidayId: string;
  leaveTypeId: string;
};
type Target = { id: string; email: string; attendanceId: string; leaveId: string };
type Req = {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
};
/** `audit`: the one audit row a successful call of that caller writes (kind); a refusal writes none (the snapshot check). */
type Row = {
  expect: Record<Caller, number> | number;
  req?: (t: Target, w: World) => Req;
  prepare?: (w: World) => Promise<void>;
  audit?: Partial<Record<Caller, string | null>>;
};

const TZ = 'Asia/Jakarta';
const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const today = () => dateKeyInZone(new Date(), TZ);
let ipCounter = 0;

// Status per caller, in the order anonymous, A on A, A on B, HR, admin.
const m = (anonymous: number, selfA: number, AonB: number, hr: number, admin: number): Record<Caller, number> => ({
  anonymous,
  selfA,
  AonB,
  hr,
  admin,
});
const PRESET_ID = '31313131-0000-4000-8000-0000000000b1';
const PAYROLL_PRESET = {
  name: 'Gaji Bulanan',
  columns: [{ key: 'employeeNumber', header: 'NIK' }],
  decimalSeparator: ',',
  decimals: null,
  dateFormat: 'dd/mm/yyyy',
  csvSeparator: ';',
};
const STAFF_READ = m(401, 403, 403, 200, 200);
const ADMIN_ONLY = m(401, 403, 403, 403, 200);
/** People and time work, HR's as much as the admin's (docs/roles.md). */
const STAFF_WRITE = STAFF_READ;
const OWNER_OR_STAFF = m(401, 200, 403, 200, 200);
const ANY_USER = m(401, 200, 200, 200, 200);

const WEEK = (start: string, end: string) =>
  Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? start : null, end: i < 5 ? end : null }));

// Each employee's open challenge of each action (prepare of the check-in/out rows), by fixed ids: every world is new.
const CHALLENGE_IDS: Record<string, Record<'check-in' | 'check-out', string>> = {
  a: { 'check-in': '0c0c0c0c-0000-4000-8000-00000000a001', 'check-out': '0c0c0c0c-0000-4000-8000-00000000a002' },
  b: { 'check-in': '0c0c0c0c-0000-4000-8000-00000000b001', 'check-out': '0c0c0c0c-0000-4000-8000-00000000b002' },
};
const BREAK_CHALLENGE_IDS: Record<string, string> = {
  a: '0c0c0c0c-0000-4000-8000-00000000a003',
  b: '0c0c0c0c-0000-4000-8000-00000000b003',
};
async function openChallenges(w: World) {
  for (const [who, user] of [
    ['a', w.a.user],
    ['b', w.b.user],
  ] as const)
    for (const action of ['check-in', 'check-out'] as const)
      await db.attendanceChallenge.create({
        data: {
          id: CHALLENGE_IDS[who]![action],
          userId: user.id,
          action,
          steps: ['kedip', 'toleh_kiri'],
          expiresAt: new Date(Date.now() + 60_000),
        },
      });
}
const challengeOf = (t: Target, w: World, action: 'check-in' | 'check-out') => CHALLENGE_IDS[t.id === w.a.user.id ? 'a' : 'b']![action];
const attendanceBody = (t: Target, w?: World, action: 'check-in' | 'check-out' = 'check-in') => ({
  userId: t.id,
  ...INSIDE,
  accuracy: 10,
  timestamp: new Date().toISOString(),
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
  ...(w ? { challengeId: challengeOf(t, w, action) } : {}),
});
/** A device key as a browser makes it (ECDSA P-256, SPKI DER in base64). */
const DEVICE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const DEVICE_ID = '0d0d0d0d-0000-4000-8000-0000000000b1';
const DELEGATE_ID = '0e0e0e0e-0000-4000-8000-0000000000d1';

/** A kiosk at the main office (docs/kiosk.md) with a known credential, or as `data` makes it (a pairing code). */
const KIOSK_ID = '0e0e0e0e-0000-4000-8000-0000000000a1';
const KIOSK_SECRET = 'm'.repeat(43);
const KIOSK_CREDENTIAL = `kiosk.${KIOSK_ID}.${KIOSK_SECRET}`;
const PAIRING_CODE = 'WXYZ2345';
const PAIRING_HASH = createHash('sha256').update(PAIRING_CODE).digest('hex');
async function kioskAt(w: World, data: Record<string, unknown> = {}) {
  await db.kiosk.deleteMany({});
  await db.kiosk.create({
    data: {
      id: KIOSK_ID,
      name: 'Kiosk Pintu',
      officeId: w.officeId,
      credentialHash: createHash('sha256').update(KIOSK_SECRET).digest('hex'),
      pairedAt: new Date(),
      ...data,
    },
  });
}

/** An integration's API key (docs/integrations.md) with a known secret and the given scopes. */
const API_KEY_ID = '0a0a0a0a-0000-4000-8000-0000000000a1';
const API_KEY = `absk_${'k'.repeat(43)}`;
async function apiKeyWith(scopes: string[]) {
  await db.apiKey.deleteMany({});
  await db.apiKey.create({
    data: {
      id: API_KEY_ID,
      name: 'Integrasi Uji',
      prefix: API_KEY.slice(0, 11),
      secretHash: createHash('sha256').update(API_KEY).digest('hex'),
      scopes,
    },
  });
}

/** A pending correction request (with a PDF) of A and of B, for the decision and attachment rows. */
const correctionOf: Record<string, string> = {};
async function makeCorrections(w: World) {
  for (const { user } of [w.a, w.b]) {
    const c = await db.attendanceCorrection.create({
      data: {
        userId: user.id,
        date: dateKeyToDate(addDays(today(), -1)),
        kind: 'sanggah_alpa',
        reason: 'Mesin absensi bermasalah',
        requestedById: user.id,
        requestedByName: user.name,
        pendingKey: `${user.id}|${addDays(today(), -1)}`,
        attachment: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')),
        attachmentMime: 'application/pdf',
        attachmentName: 'surat.pdf',
        attachmentSize: 15,
      },
    });
    correctionOf[user.id] = c.id;
  }
}

const overtimeOf = new Map<string, string>();
/** The first Saturday at least three days ahead (office calendar). */
const nextSaturday = () => {
  let d = addDays(today(), 3);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
};
/** A pending overtime request (or an admin's assignment) of A and of B, on the next Saturday 09:00–12:00 WIB. */
async function makeOvertime(w: World, origin: 'request' | 'assignment') {
  const date = nextSaturday();
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  for (const { user } of [w.a, w.b]) {
    const row = await db.overtimeRequest.create({
      data: {
        userId: user.id,
        date: dateKeyToDate(date),
        startTime: '09:00',
        endTime: '12:00',
        startAt: new Date(Date.UTC(y, mo - 1, d, 2)),
        endAt: new Date(Date.UTC(y, mo - 1, d, 5)),
        minutes: 180,
        dayKind: 'istirahat',
        weekDays: 5,
        timezone: TZ,
        reason: 'Stok opname gudang',
        origin,
        createdById: origin === 'assignment' ? w.admin.user.id : user.id,
        createdByName: origin === 'assignment' ? 'Admin' : user.name,
        consentAt: origin === 'assignment' ? null : new Date(),
      },
    });
    overtimeOf.set(user.id, row.id);
  }
}

/** A pending own shift change of A and of B (Tukar Jadwal), by requester. */
const swapOf = new Map<string, string>();
/** The last Saturday before yesterday (the world's records are of today and yesterday): a rest day, worked. */
const lastSaturday = () => {
  let d = addDays(today(), -2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, -1);
  return d;
};
/**
 * An approved overtime of A and of B on the last Saturday, 08:00–13:00 WIB, worked (a record 08:00–13:00):
 * 300 payable minutes, half a day of Cuti Pengganti; the company lets the employee choose (pilihan).
 */
async function makeWorkedOvertime(w: World) {
  await db.settings.update({ where: { id: 1 }, data: { overtimeCompensation: 'pilihan' } });
  const date = lastSaturday();
  const at = (hh: string) => new Date(`${date}T${hh}:00:00+07:00`);
  for (const { user } of [w.a, w.b]) {
    await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate(date),
        checkInAt: at('08'),
        checkInLatitude: OFFICE.latitude,
        checkInLongitude: OFFICE.longitude,
        checkInDistance: 0,
        checkOutAt: at('13'),
        checkOutLatitude: OFFICE.latitude,
        checkOutLongitude: OFFICE.longitude,
        checkOutDistance: 0,
        officeId: w.officeId,
        dayStatus: 'istirahat',
      },
    });
    const row = await db.overtimeRequest.create({
      data: {
        userId: user.id,
        date: dateKeyToDate(date),
        startTime: '08:00',
        endTime: '13:00',
        startAt: at('08'),
        endAt: at('13'),
        minutes: 300,
        dayKind: 'istirahat',
        weekDays: 5,
        timezone: TZ,
        reason: 'Stok opname gudang',
        status: 'approved',
        createdById: user.id,
        createdByName: user.name,
        consentAt: new Date(),
      },
    });
    overtimeOf.set(user.id, row.id);
  }
}

const FAILED_DELIVERY_ID = '0d0d0d0d-0000-4000-8000-0000000000f1';
/** A webhook with one failed delivery (docs/webhooks.md). */
const WEBHOOK_ID = '0d0d0d0d-0000-4000-8000-0000000000e1';
const WEBHOOK_DELIVERY_ID = '0d0d0d0d-0000-4000-8000-0000000000e2';
async function webhookAt() {
  await db.webhook.deleteMany({});
  await db.webhook.create({
    data: { id: WEBHOOK_ID, url: 'https://hooks.example.com/a', events: ['leave.decided'], secret: 'whsec_matrix' },
  });
  await db.webhookDelivery.create({
    data: { id: WEBHOOK_DELIVERY_ID, webhookId: WEBHOOK_ID, event: 'leave.decided', data: {}, status: 'failed', attempts: 8 },
  });
}
const PUSH_IDS = { a: '0d0d0d0d-0000-4000-8000-0000000000fa', b: '0d0d0d0d-0000-4000-8000-0000000000fb' };

/** A pending attendance machine (docs/terminals.md) and the attlog file of one punch, for the terminal rows. */
const TERMINAL_ID = '0f0f0f0f-0000-4000-8000-0000000000c1';
async function terminalAt() {
  await db.terminal.create({ data: { id: TERMINAL_ID, serialNumber: 'MATRIX0001' } });
}
const ATTLOG_FILE = `data:text/plain;base64,${Buffer.from('1\t2026-11-02 08:00:00\t0\t1\t0\t0\n').toString('base64')}`;

const MATRIX: Record<string, Row> = {
  'GET attendance/[id]/photo/[kind]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { id: t.attendanceId, kind: 'check-in' } }) },
  'POST attendance/[id]/review': {
    expect: STAFF_READ,
    req: (t) => ({ params: { id: t.attendanceId }, body: { decision: 'confirmed', note: 'Wajah sesuai' } }),
  },
  'GET attendance/[id]/review': { expect: STAFF_READ, req: (t) => ({ params: { id: t.attendanceId } }) },
  'GET attendance/all': {
    expect: STAFF_READ,
    req: () => ({ path: `/api/attendance/all?startDate=${addDays(today(), -7)}&endDate=${today()}` }),
  },
  // Employees only, and only for themselves (userId in the body names the target).
  'POST attendance/check-in': {
    expect: m(401, 200, 403, 403, 403),
    prepare: openChallenges,
    req: (t, w) => ({ body: attendanceBody(t, w) }),
  },
  'POST attendance/challenge': { expect: m(401, 200, 200, 403, 403), req: () => ({ body: { action: 'check-in' } }) },
  // Kiosks (docs/kiosk.md): the admin's list; the tablet's routes answer a kiosk credential only (no user
  // session, whatever its role, acts as a kiosk); pairing takes a code, not a session.
  // API keys (docs/integrations.md): admins only; a key never manages keys (the key test below).
  'GET api-keys': { expect: ADMIN_ONLY },
  // The OpenAPI document describes the routes and holds no data: anyone (docs/integrations.md).
  'GET openapi.json': { expect: 200 },
  'POST api-keys': {
    expect: m(401, 403, 403, 403, 201),
    audit: { admin: 'api_key.create' },
    req: () => ({ body: { name: 'Sistem Penggajian', scopes: ['recap:read'] } }),
  },
  'DELETE api-keys/[id]': {
    expect: ADMIN_ONLY,
    audit: { admin: 'api_key.revoke' },
    prepare: () => apiKeyWith(['leave:read']),
    req: () => ({ params: { id: API_KEY_ID } }),
  },
  'GET kiosks': { expect: ADMIN_ONLY },
  'POST kiosks': { expect: ADMIN_ONLY, req: (_t, w) => ({ body: { name: 'Kiosk Lobi', officeId: w.officeId } }) },
  'PUT kiosks/[id]': {
    expect: ADMIN_ONLY,
    prepare: (w) => kioskAt(w),
    req: () => ({ params: { id: KIOSK_ID }, body: { name: 'Kiosk Gudang' } }),
  },
  'DELETE kiosks/[id]': { expect: ADMIN_ONLY, prepare: (w) => kioskAt(w), req: () => ({ params: { id: KIOSK_ID } }) },
  'POST kiosk/pair': {
    expect: 200,
    audit: { anonymous: 'kiosk.pair', selfA: 'kiosk.pair', AonB: 'kiosk.pair', hr: 'kiosk.pair', admin: 'kiosk.pair' },
    prepare: (w) =>
      kioskAt(w, { pairingCodeHash: PAIRING_HASH, pairingExpiresAt: new Date(Date.now() + 60_000), credentialHash: null, pairedAt: null }),
    req: () => ({ body: { code: PAIRING_CODE } }),
  },
  'GET kiosk/me': { expect: 401 },
  'POST kiosk/identify': { expect: 401, req: () => ({ body: { faceDescriptor: DESCRIPTOR } }) },
  'POST kiosk/punch': {
    expect: 401,
    req: (t) => ({ body: { userId: t.id, action: 'check-in', faceImage: PHOTO, faceDescriptor: DESCRIPTOR } }),
  },
  'POST kiosk/not-me': { expect: 401, req: (t) => ({ body: { userId: t.id } }) },
  'POST kiosk/offline': { expect: 401, req: () => ({ body: { punches: [] } }) },
  'GET devices': { expect: ANY_USER },
  // Notifications (docs/notifications.md): one's own inbox, channels and push subscriptions; the company's settings and Notifikasi Gagal are the admin's.
  'GET notifications': { expect: ANY_USER },
  'POST notifications/read': { expect: ANY_USER, req: () => ({ body: { all: true } }) },
  'GET notifications/preferences': { expect: ANY_USER },
  'PUT notifications/preferences': {
    expect: ANY_USER,
    req: () => ({ method: 'PUT', body: { channels: [{ channel: 'push', enabled: false }] } }),
  },
  'GET notifications/settings': { expect: ADMIN_ONLY },
  'PUT notifications/settings': {
    expect: ADMIN_ONLY,
    req: () => ({
      method: 'PUT',
      body: {
        emailEnabled: false,
        whatsappEnabled: false,
        pushEnabled: true,
        checkInReminder: true,
        checkInReminderMinutes: 20,
        checkOutReminder: true,
        checkOutReminderMinutes: 60,
        approverDigest: true,
        digestTime: '08:00',
        pendingLeaveEscalation: true,
      },
    }),
    audit: { admin: 'settings.notifications' },
  },
  'GET notifications/failed': { expect: ADMIN_ONLY },
  'POST notifications/failed/[id]/resend': {
    expect: ADMIN_ONLY,
    prepare: async (w) => {
      const n = await db.notification.create({
        data: { userId: w.b.user.id, kind: 'face.not_enrolled', title: 'Wajah Anda belum terdaftar', body: '-' },
      });
      await db.notificationDelivery.create({
        data: { id: FAILED_DELIVERY_ID, notificationId: n.id, channel: 'whatsapp', status: 'failed', attempts: 8 },
      });
    },
    req: () => ({ method: 'POST', params: { id: FAILED_DELIVERY_ID } }),
    audit: { admin: 'notification.resend' },
  },
  // Webhooks (docs/webhooks.md): the admin's alone.
  'GET webhooks': { expect: ADMIN_ONLY },
  'POST webhooks': {
    expect: ADMIN_ONLY,
    req: () => ({ body: { url: 'http://127.0.0.1:9/hook', events: ['leave.decided'], allowPrivateNetwork: true } }),
    audit: { admin: 'webhook.create' },
  },
  'PUT webhooks/[id]': {
    expect: ADMIN_ONLY,
    prepare: webhookAt,
    req: () => ({ method: 'PUT', params: { id: WEBHOOK_ID }, body: { url: 'https://hooks.example.com/b', events: ['period.closed'] } }),
    audit: { admin: 'webhook.update' },
  },
  'DELETE webhooks/[id]': {
    expect: ADMIN_ONLY,
    prepare: webhookAt,
    req: () => ({ method: 'DELETE', params: { id: WEBHOOK_ID } }),
    audit: { admin: 'webhook.delete' },
  },
  'GET webhooks/[id]/deliveries': { expect: ADMIN_ONLY, prepare: webhookAt, req: () => ({ params: { id: WEBHOOK_ID } }) },
  'POST webhooks/deliveries/[id]/resend': {
    expect: ADMIN_ONLY,
    prepare: webhookAt,
    req: () => ({ method: 'POST', params: { id: WEBHOOK_DELIVERY_ID } }),
    audit: { admin: 'webhook.resend' },
  },
  'POST push/subscriptions': {
    expect: m(401, 201, 201, 201, 201),
    req: () => ({
      body: { endpoint: 'https://push.example.com/langganan/x', keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
    }),
    audit: { selfA: 'push.subscribe' },
  },
  // Only one's own: A removes A's; anyone else's answers 404, whoever asks.
  'DELETE push/subscriptions/[id]': {
    expect: m(401, 200, 404, 404, 404),
    prepare: async (w) => {
      for (const [id, owner] of [
        [PUSH_IDS.a, w.a],
        [PUSH_IDS.b, w.b],
      ] as const)
        await db.pushSubscription.create({
          data: {
            id,
            userId: owner.user.id,
            endpoint: `https://push.example.com/${id}`,
            p256dh: `B${'A'.repeat(86)}`,
            auth: 'AAAAAAAAAAAAAAAAAAAAAA',
          },
        });
    },
    req: (t, w) => ({ method: 'DELETE', params: { id: t.id === w.a.user.id ? PUSH_IDS.a : PUSH_IDS.b } }),
    audit: { selfA: 'push.unsubscribe' },
  },
  'GET settings/anti-fraud': { expect: STAFF_READ },
  'PUT settings/anti-fraud': {
    expect: ADMIN_ONLY,
    req: () => ({ body: { locationAccuracyMaxM: 150, clockSkewMaxMinutes: 5, devicePolicy: 'flag' } }),
  },
  'POST devices': { expect: m(401, 200, 200, 403, 403), req: () => ({ body: { name: 'Ponsel Uji', publicKey: DEVICE_KEY } }) },
  'DELETE devices/[id]': {
    expect: ADMIN_ONLY,
    prepare: async (w) =>
      void (await db.device.create({ data: { id: DEVICE_ID, userId: w.b.user.id, name: 'Ponsel B', publicKey: DEVICE_KEY } })),
    req: () => ({ params: { id: DEVICE_ID } }),
  },
  'POST attendance/check-out': {
    expect: m(401, 200, 403, 403, 403),
    req: (t, w) => ({ body: attendanceBody(t, w, 'check-out') }),
    prepare: async (w) => {
      await openChallenges(w);
      await checkedIn(w.a.user.id, today(), INSIDE);
    },
  },
  // Istirahat (docs/calendar.md): A checked in today on a roster cell picked from a schedule whose break is punched.
  'POST attendance/break': {
    expect: m(401, 200, 403, 403, 403),
    req: (t, w) => ({
      body: { ...attendanceBody(t), action: 'start', challengeId: BREAK_CHALLENGE_IDS[t.id === w.a.user.id ? 'a' : 'b'] },
    }),
    prepare: async (w) => {
      for (const [who, user] of [
        ['a', w.a.user],
        ['b', w.b.user],
      ] as const)
        await db.attendanceChallenge.create({
          data: {
            id: BREAK_CHALLENGE_IDS[who]!,
            userId: user.id,
            action: 'break-start',
            steps: [],
            expiresAt: new Date(Date.now() + 60_000),
          },
        });
      await checkedIn(w.a.user.id, today(), INSIDE, true);
    },
  },
  'GET attendance/history/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  'GET attendance/history/[userId]/export': {
    expect: OWNER_OR_STAFF,
    req: (t) => ({ path: '/api/attendance/history/x/export?format=csv', params: { userId: t.id } }),
  },
  'GET attendance/export': {
    expect: STAFF_READ,
    req: () => ({ path: `/api/attendance/export?startDate=${addDays(today(), -7)}&endDate=${today()}&format=csv` }),
  },
  // The daily close and corrections (docs/daily-close.md).
  'GET attendance/days/[userId]': {
    expect: OWNER_OR_STAFF,
    req: (t) => ({ params: { userId: t.id }, path: `/api/attendance/days/${t.id}?startDate=${addDays(today(), -7)}&endDate=${today()}` }),
  },
  'POST attendance/close': {
    expect: STAFF_READ,
    req: () => ({ method: 'POST', path: `/api/attendance/close?date=${addDays(today(), -1)}` }),
    audit: { hr: 'attendance.close', admin: 'attendance.close' },
  },
  // Tutup Harian (docs/daily-close.md, "The Tutup Harian page"): admin and HR read, run days and set the close's time.
  'GET daily-close': { expect: STAFF_READ, req: () => ({ path: `/api/daily-close?month=${today().slice(0, 7)}` }) },
  'POST daily-close/run': {
    expect: STAFF_READ,
    req: () => ({ body: { startDate: addDays(today(), -1) } }),
    audit: { hr: 'attendance.close', admin: 'attendance.close' },
  },
  'PUT daily-close/settings': {
    expect: STAFF_READ,
    req: () => ({ method: 'PUT', body: { dailyCloseTime: '03:00', catchUpDays: 30 } }),
    audit: { hr: 'settings.daily_close', admin: 'settings.daily_close' },
  },
  'GET corrections': { expect: ANY_USER },
  // Without userId (or with one's own) a request of one's own day; admin or HR naming B corrects B's day directly.
  'POST corrections': {
    expect: m(401, 201, 403, 201, 201),
    req: (t) => ({
      body: { userId: t.id, date: addDays(today(), -1), kind: 'sanggah_alpa', reason: 'Saya hadir, mesin absensi bermasalah' },
    }),
    // The employee's own request is not a privileged change; the admin's direct correction is.
    audit: { selfA: null, hr: 'attendance.correction.direct', admin: 'attendance.correction.direct' },
  },
  'PUT corrections/[id]/status': {
    expect: STAFF_READ,
    req: (t) => ({ method: 'PUT', params: { id: correctionOf[t.id]! }, body: { status: 'approved', note: 'Sesuai bukti' } }),
    prepare: makeCorrections,
    audit: { hr: 'attendance.correction.approve', admin: 'attendance.correction.approve' },
  },
  'GET corrections/[id]/attachment': {
    expect: OWNER_OR_STAFF,
    req: (t) => ({ params: { id: correctionOf[t.id]! } }),
    prepare: makeCorrections,
  },
  'GET attendance/summary/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  'GET attendance/today/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  // next-auth's client reads the session here (anonymous: {}); every other next-auth endpoint is closed
  // (see the 'next-auth' test below).
  'GET auth/[...nextauth]': { expect: 200, req: () => ({ params: { nextauth: ['session'] as never } }) },
  'POST auth/[...nextauth]': { expect: 200, req: () => ({ method: 'POST', params: { nextauth: ['session'] as never } }) },
  'POST auth/login': {
    expect: 200,
    req: (t) => ({ body: { email: t.email, password: TEST_PASSWORD }, ip: `10.9.${++ipCounter >> 8}.${ipCounter & 255}` }),
  },
  'POST auth/logout': { expect: 200, req: () => ({ method: 'POST' }) },
  'GET auth/me': { expect: ANY_USER },
  'GET audit': { expect: STAFF_WRITE },
  'GET calendar/[userId]': {
    expect: OWNER_OR_STAFF,
    req: (t) => ({ params: { userId: t.id }, path: `/api/calendar/${t.id}?startDate=2026-11-01&endDate=2026-11-30` }),
  },
  'GET offices': { expect: ANY_USER },
  // Attendance machines (docs/terminals.md): the admin accepts, renames and deletes terminals; HR reads the
  // list (the unknown PINs) and uploads attlog files. The terminals' own routes (/iclock/cdata,
  // /iclock/getrequest) are device routes outside /api, tested over HTTP in tests/integration/terminals.test.ts.
  'GET terminals': { expect: STAFF_READ },
  'PUT terminals/[id]': {
    expect: ADMIN_ONLY,
    audit: { admin: 'terminal.accept' },
    prepare: terminalAt,
    req: (_t, w) => ({ params: { id: TERMINAL_ID }, body: { name: 'Pintu Depan', officeId: w.officeId, accepted: true } }),
  },
  'DELETE terminals/[id]': {
    expect: ADMIN_ONLY,
    audit: { admin: 'terminal.delete' },
    prepare: terminalAt,
    req: () => ({ params: { id: TERMINAL_ID } }),
  },
  'POST attendance/import': {
    expect: STAFF_WRITE,
    audit: { hr: 'attendance.import', admin: 'attendance.import' },
    req: (_t, w) => ({ body: { filename: 'attlog.dat', file: ATTLOG_FILE, officeId: w.officeId } }),
  },
  'POST offices': {
    expect: ADMIN_ONLY,
    req: () => ({
      body: { name: 'Cabang Uji', address: 'Jl. Uji', latitude: -5.147665, longitude: 119.432732, radius: 150, timezone: 'Asia/Makassar' },
    }),
  },
  'PUT offices/[id]': {
    expect: ADMIN_ONLY,
    req: (_t, w) => ({
      params: { id: w.officeId },
      body: {
        name: 'Kantor Pusat Baru',
        address: 'Jl. Baru',
        latitude: -6.175392,
        longitude: 106.827153,
        radius: 120,
        timezone: 'Asia/Jakarta',
      },
    }),
  },
  'DELETE offices/[id]': { expect: ADMIN_ONLY, req: (_t, w) => ({ params: { id: w.branchId } }) },
  'GET schedules': { expect: STAFF_READ },
  'POST schedules': {
    expect: STAFF_WRITE,
    req: () => ({ body: { name: 'Shift Pagi', breakMinutes: 60, lateToleranceMinutes: 10, days: WEEK('06:00', '14:00') } }),
  },
  'PUT schedules/[id]': {
    expect: STAFF_WRITE,
    req: (_t, w) => ({
      params: { id: w.scheduleId },
      body: { name: 'Shift Siang', breakMinutes: 30, lateToleranceMinutes: 5, days: WEEK('14:00', '22:00') },
    }),
  },
  'DELETE schedules/[id]': { expect: STAFF_WRITE, req: (_t, w) => ({ params: { id: w.scheduleId } }) },
  'POST schedules/[id]/assign': {
    expect: STAFF_READ,
    req: (t, w) => ({ params: { id: w.scheduleId }, body: { userIds: [t.id], startDate: '2026-12-01', endDate: '2026-12-31' } }),
  },
  'GET schedules/assignments': { expect: STAFF_READ },
  'DELETE schedules/assignments/[id]': { expect: STAFF_READ, req: (_t, w) => ({ params: { id: w.assignmentId } }) },
  'GET roster': { expect: STAFF_READ, req: () => ({ path: '/api/roster?startDate=2026-11-23&endDate=2026-11-29' }) },
  // Tukar Jadwal (docs/calendar.md): an own shift change for tomorrow asked by the employee (the body names
  // no one else: A in both A columns); approved by HR or admin (A is nobody's supervisor).
  'GET roster/swaps': { expect: ANY_USER },
  'POST roster/swaps': {
    audit: { selfA: 'roster.swap_request', AonB: 'roster.swap_request' },
    expect: m(401, 201, 201, 403, 403),
    req: () => ({ body: { date: addDays(today(), 1), start: '10:00', end: '19:00', reason: 'Antar anak sekolah' } }),
  },
  'PUT roster/swaps/[id]/status': {
    audit: { hr: 'roster.swap_approve', admin: 'roster.swap_approve' },
    expect: STAFF_READ,
    req: (t) => ({ method: 'PUT', params: { id: swapOf.get(t.id)! }, body: { action: 'approve' } }),
    prepare: async (w) => {
      for (const { user } of [w.a, w.b]) {
        const row = await db.rosterSwap.create({
          data: {
            requesterId: user.id,
            date: dateKeyToDate(addDays(today(), 1)),
            start: '10:00',
            end: '19:00',
            reason: 'Antar anak sekolah',
          },
        });
        swapOf.set(user.id, row.id);
      }
    },
  },
  'PUT roster': {
    expect: STAFF_READ,
    req: (t) => ({ body: { cells: [{ userId: t.id, date: '2026-11-28', start: '08:00', end: '12:00' }] } }),
  },
  'GET holidays': { expect: ANY_USER, req: () => ({ path: '/api/holidays?year=2026' }) },
  'POST holidays': {
    expect: STAFF_WRITE,
    req: () => ({ body: { date: '2026-11-30', name: 'Ulang Tahun Perusahaan', kind: 'libur_perusahaan' } }),
  },
  'PUT holidays/[id]': {
    expect: STAFF_WRITE,
    req: (_t, w) => ({ params: { id: w.holidayId }, body: { date: '2026-12-31', name: 'Libur Akhir Tahun', kind: 'libur_perusahaan' } }),
  },
  'DELETE holidays/[id]': { expect: STAFF_WRITE, req: (_t, w) => ({ params: { id: w.holidayId } }) },
  'POST holidays/prefill': { expect: STAFF_WRITE, req: () => ({ body: { year: 2027 } }) },
  'PUT settings/cuti-bersama-policy': { expect: STAFF_WRITE, req: () => ({ body: { cutiBersamaPolicy: 'libur' } }) },
  'GET settings/leave-policy': { expect: ANY_USER },
  'PUT settings/leave-policy': {
    expect: STAFF_WRITE,
    req: () => ({
      body: {
        grantBasis: 'ulang_tahun_kerja',
        eligibility: 'pro_rata',
        proRataDaysPerMonth: 1,
        carryOverMaxDays: 6,
        carryOverExpiryMonth: 6,
        carryOverExpiryDay: 30,
        employeeCancelApproved: true,
      },
    }),
  },
  'GET leave-types': { expect: ANY_USER },
  // Tutup Periode: admin and HR close (a past month, with override) and reopen (with a reason).
  'GET periods': { expect: STAFF_READ, req: () => ({ path: '/api/periods?year=2026' }) },
  'GET recap': { expect: STAFF_READ, req: () => ({ path: `/api/recap?month=${today().slice(0, 7)}` }) },
  'GET recap/[userId]': {
    expect: OWNER_OR_STAFF,
    req: (t) => ({ params: { userId: t.id }, path: `/api/recap/${t.id}?month=${today().slice(0, 7)}` }),
  },
  'GET recap/export': { expect: STAFF_READ, req: () => ({ path: `/api/recap/export?month=${today().slice(0, 7)}&format=csv` }) },
  'GET recap/grid': { expect: STAFF_READ, req: () => ({ path: `/api/recap/grid?month=${today().slice(0, 7)}` }) },
  // File penggajian (docs/exports.md): this month is open, so staff are told to close it first (409).
  'GET recap/payroll': { expect: m(401, 403, 403, 409, 409), req: () => ({ path: `/api/recap/payroll?month=${today().slice(0, 7)}` }) },
  'GET payroll-presets': { expect: STAFF_READ },
  'POST payroll-presets': { expect: ADMIN_ONLY, req: () => ({ body: PAYROLL_PRESET }), audit: { admin: 'payroll_preset.create' } },
  'PUT payroll-presets/[id]': {
    expect: ADMIN_ONLY,
    prepare: async () => void (await db.payrollPreset.create({ data: { id: PRESET_ID, ...PAYROLL_PRESET } })),
    req: () => ({ method: 'PUT', params: { id: PRESET_ID }, body: { ...PAYROLL_PRESET, name: 'Gaji ERP' } }),
    audit: { admin: 'payroll_preset.update' },
  },
  'DELETE payroll-presets/[id]': {
    expect: ADMIN_ONLY,
    prepare: async () => void (await db.payrollPreset.create({ data: { id: PRESET_ID, ...PAYROLL_PRESET } })),
    req: () => ({ method: 'DELETE', params: { id: PRESET_ID } }),
    audit: { admin: 'payroll_preset.delete' },
  },
  'POST periods/[month]/close': {
    expect: STAFF_WRITE,
    req: () => ({ params: { month: '2025-11' }, body: { override: true, reason: 'Tutup buku akhir bulan' } }),
  },
  'POST periods/[month]/reopen': {
    expect: STAFF_WRITE,
    prepare: async () =>
      void (await db.period.upsert({
        where: { month: '2025-10' },
        create: { month: '2025-10', status: 'closed' },
        update: { status: 'closed' },
      })),
    req: () => ({ params: { month: '2025-10' }, body: { reason: 'Koreksi data' } }),
  },
  // A deactivated account (B) is reactivated by an admin only.
  'POST users/[id]/reactivate': {
    expect: STAFF_WRITE,
    prepare: async (w) =>
      void (await db.user.update({ where: { id: w.b.user.id }, data: { deactivatedAt: new Date(), endDate: dateKeyToDate(today()) } })),
    req: (t) => ({ params: { id: t.id } }),
  },
  'POST leave-types': {
    expect: STAFF_WRITE,
    req: () => ({ body: { name: `Cuti Ibadah ${++ipCounter}`, category: 'cuti', maxDays: 40, calendarDays: true } }),
  },
  'PUT leave-types/[id]': {
    expect: STAFF_WRITE,
    req: (_t, w) => ({
      params: { id: w.leaveTypeId },
      body: { name: 'Sakit', category: 'sakit', halfDayAllowed: true, attachmentRequired: true, attachmentFromDays: 3 },
    }),
  },
  'GET leaves/balance/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  // Saldo Cuti Karyawan as a file: every employee's balance, admin and HR only.
  'GET leaves/balances/export': { expect: STAFF_READ, req: () => ({ path: '/api/leaves/balances/export?format=csv' }) },
  'POST leaves/balance/[userId]/adjust': {
    expect: m(401, 403, 403, 200, 200),
    req: (t) => ({ params: { userId: t.id }, body: { days: 2, reason: 'Kompensasi lembur' } }),
  },
  // A pending request: its owner withdraws it, admin and HR may cancel it.
  'POST leaves/[id]/cancel': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { id: t.leaveId }, body: { note: 'Tidak jadi' } }) },
  'GET leaves/[id]/attachment': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { id: t.leaveId } }) },
  // Admin, HR and supervisors; A supervises nobody.
  'GET leaves/calendar': { expect: STAFF_READ, req: () => ({ path: '/api/leaves/calendar?month=2026-11' }) },

  // Overtime (docs/overtime.md): A and B each get a pending request (status) or an assignment (consent) first.
  'GET overtime': { expect: OWNER_OR_STAFF, req: (t) => ({ path: `/api/overtime?userId=${t.id}` }) },
  // An own request (A), an assignment by HR or an admin (B); a Saturday is a rest day of the default week.
  'POST overtime': {
    audit: { selfA: 'overtime.request', hr: 'overtime.assign', admin: 'overtime.assign' },
    expect: m(401, 201, 403, 201, 201),
    req: (t) => ({ body: { userId: t.id, date: nextSaturday(), startTime: '09:00', endTime: '12:00', reason: 'Stok opname gudang' } }),
  },
  'PUT overtime/[id]/status': {
    audit: { hr: 'overtime.approve', admin: 'overtime.approve' },
    expect: STAFF_READ,
    req: (t) => ({ method: 'PUT', params: { id: overtimeOf.get(t.id)! }, body: { status: 'approved' } }),
    prepare: (w) => makeOvertime(w, 'request'),
  },
  'POST overtime/[id]/consent': {
    audit: { selfA: 'overtime.consent' },
    expect: m(401, 200, 403, 403, 403),
    req: (t) => ({ params: { id: overtimeOf.get(t.id)! }, body: { accept: true } }),
    prepare: (w) => makeOvertime(w, 'assignment'),
  },
  // Approved, worked overtime settled as Cuti Pengganti (docs/overtime.md): the owner, admin or HR.
  'POST overtime/[id]/convert': {
    audit: { selfA: 'overtime.convert', hr: 'overtime.convert', admin: 'overtime.convert' },
    expect: OWNER_OR_STAFF,
    req: (t) => ({ params: { id: overtimeOf.get(t.id)! } }),
    prepare: (w) => makeWorkedOvertime(w),
  },
  'GET overtime/recap/[userId]': {
    expect: OWNER_OR_STAFF,
    req: (t) => ({ params: { userId: t.id }, path: `/api/overtime/recap/${t.id}?startDate=2026-11-01&endDate=2026-11-30` }),
  },
  'GET settings/overtime': { expect: ANY_USER },
  // Approvals (docs/leave.md): delegates and the company's approval settings. A supervises B in these cells.
  'GET delegates': { expect: ANY_USER },
  // Everyone signed in gets an answer: the list for a supervisor, admin and HR, an empty one otherwise.
  'GET delegates/candidates': { expect: ANY_USER },
  'POST delegates': {
    // A names a delegate for A's own team; A naming one for B (not A) is refused; HR and admin name B's.
    expect: m(401, 201, 403, 201, 201),
    prepare: async (w) => {
      await db.user.update({ where: { id: w.b.user.id }, data: { supervisorId: w.a.user.id } });
      await db.user.update({ where: { id: w.hr.user.id }, data: { supervisorId: w.b.user.id } });
    },
    req: (t, w) => ({
      body: { supervisorId: t.id, delegateId: w.admin.user.id, startDate: today(), endDate: addDays(today(), 3) },
    }),
    audit: { selfA: 'approval.delegate', hr: 'approval.delegate', admin: 'approval.delegate' },
  },
  'DELETE delegates/[id]': {
    // A naming of B's (B supervises HR): B or admin/HR remove it, A does not.
    expect: m(401, 403, 403, 200, 200),
    prepare: async (w) => {
      // Namings carry no foreign key: an earlier cell's row is still there.
      await db.supervisorDelegate.deleteMany({});
      await db.user.update({ where: { id: w.hr.user.id }, data: { supervisorId: w.b.user.id } });
      await db.supervisorDelegate.create({
        data: {
          id: DELEGATE_ID,
          supervisorId: w.b.user.id,
          delegateId: w.a.user.id,
          startDate: dateKeyToDate(today()),
          endDate: dateKeyToDate(today()),
        },
      });
    },
    req: () => ({ params: { id: DELEGATE_ID } }),
  },
  'GET settings/approvals': { expect: ANY_USER },
  'PUT settings/approvals': {
    expect: STAFF_WRITE,
    req: () => ({ method: 'PUT', body: { singleStep: true } }),
    audit: { hr: 'settings.approvals', admin: 'settings.approvals' },
  },
  'PUT settings/overtime': {
    audit: { hr: 'settings.overtime', admin: 'settings.overtime' },
    expect: STAFF_WRITE,
    req: () => ({ method: 'PUT', body: { roundingMinutes: 15 } }),
  },
  'GET audit/export': { expect: STAFF_WRITE },
  'GET audit/kinds': { expect: STAFF_WRITE },

  // With a role in the body it is an admin or HR adding an employee (self-registration is covered in auth.test.ts;
  // HR adding an HR or admin account in roles.test.ts).
  'POST auth/register': {
    expect: m(401, 403, 403, 201, 201),
    req: () => ({
      body: {
        name: 'Pengguna Baru',
        email: uniqueEmail('baru'),
        position: 'Staf',
        role: 'employee',
        password: getEnv().DEFAULT_EMPLOYEE_PASSWORD,
      },
    }),
  },
  'POST bench/echo': { expect: 404, req: (t) => ({ body: attendanceBody(t) }) },
  'GET dashboard/admin': { expect: STAFF_READ },
  // Anyone signed in enrols their own face: A already has an active enrolment (409); HR and admin
  // have none and send captures that do not agree (422). Neither is an access refusal.
  'POST face/enrol': {
    expect: m(401, 409, 409, 422, 422),
    req: () => ({
      body: { captures: [0, 1, 2].map((k) => ({ image: PHOTO, descriptor: DESCRIPTOR.map((v, i) => (i % 3 === k ? v + 1 : v)) })) },
    }),
  },
  'GET face/enrolment/[userId]/photo/[position]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id, position: '1' } }) },
  'POST face/enrolment/[userId]/reset': { expect: ADMIN_ONLY, req: (t) => ({ params: { userId: t.id }, method: 'POST' }) },
  'GET face/enrolment/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  // HR-assisted enrolment (docs/face.md): B is enrolled, so staff pass the gate and meet the rule (an admin resets first: 409).
  'POST face/enrolment/[userId]': {
    expect: m(401, 403, 403, 409, 409),
    req: (t) => ({
      method: 'POST',
      params: { userId: t.id },
      body: { captures: [0, 1, 2].map(() => ({ image: 'data:image/jpeg;base64,/9j/', descriptor: new Array(128).fill(0) })) },
    }),
  },
  // Status Wajah (docs/face.md): B's enrolment removed first, so a reminder to B is sent (200).
  'GET face/status': { expect: STAFF_READ },
  'POST face/status/remind': {
    expect: STAFF_WRITE,
    prepare: async (w) => void (await db.faceProfile.deleteMany({ where: { userId: w.b.user.id } })),
    req: (t) => ({ method: 'POST', body: { userIds: [t.id] } }),
  },
  'GET face/me': { expect: ANY_USER },
  'GET health': { expect: 200 },
  'PUT leaves/[id]/status': {
    expect: STAFF_READ,
    req: (t) => ({ method: 'PUT', params: { id: t.leaveId }, body: { status: 'approved' } }),
  },
  'GET leaves/all': { expect: STAFF_READ },
  // An employee for themselves; admin and HR on an employee's behalf (filedBy recorded, audited).
  'POST leaves/apply': {
    expect: m(401, 201, 403, 201, 201),
    audit: { selfA: null, hr: 'leave.file_on_behalf', admin: 'leave.file_on_behalf' },
    req: (t) => ({
      body: {
        userId: t.id,
        type: 'lainnya',
        startDate: addDays(today(), 20),
        endDate: addDays(today(), 26),
        reason: 'Acara keluarga di kampung halaman',
      },
    }),
  },
  'GET leaves/stats/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  'GET leaves/user/[userId]': { expect: OWNER_OR_STAFF, req: (t) => ({ params: { userId: t.id } }) },
  'GET reports/employees': { expect: STAFF_READ },
  'GET reports/summary': {
    expect: STAFF_READ,
    req: () => ({ path: `/api/reports/summary?startDate=${addDays(today(), -30)}&endDate=${today()}` }),
  },
  'GET settings/employee-working-hours': { expect: ANY_USER },
  'PUT settings/employee-working-hours': {
    expect: STAFF_WRITE,
    req: (t) => ({ method: 'PUT', body: { userId: t.id, start: '07:00', end: '15:00' } }),
  },
  'GET settings/office-location': { expect: ANY_USER },
  'PUT settings/office-location': {
    expect: ADMIN_ONLY,
    req: () => ({ method: 'PUT', body: { officeLocation: { latitude: -6.2, longitude: 106.8, radius: 150, address: 'Jl. Sudirman 1' } } }),
  },
  'GET settings': { expect: ANY_USER },
  'GET settings/registration': { expect: ADMIN_ONLY },
  'PUT settings/registration': {
    expect: ADMIN_ONLY,
    req: () => ({ method: 'PUT', body: { policy: 'domains', domains: ['kantor.co.id'] } }),
  },
  'PUT settings': {
    expect: ADMIN_ONLY,
    req: () => ({ method: 'PUT', body: { companyName: 'PT Uji Akses', workingHours: { start: '08:30', end: '17:30' } } }),
  },
  'POST users/[id]/reset-password': { expect: STAFF_WRITE, req: (t) => ({ params: { id: t.id }, body: {} }) },
  'GET users/login-locks': { expect: ADMIN_ONLY },
  'POST users/[id]/unlock': { expect: ADMIN_ONLY, req: (t) => ({ method: 'POST', params: { id: t.id } }) },
  'PUT users/[id]': {
    expect: STAFF_WRITE,
    req: (t) => ({
      method: 'PUT',
      params: { id: t.id },
      body: { name: 'Nama Baru', email: uniqueEmail('edit'), position: 'Posisi Baru', role: 'employee' },
    }),
  },
  'DELETE users/[id]': { expect: STAFF_WRITE, req: (t) => ({ method: 'DELETE', params: { id: t.id } }) },
  // Own account only, whatever the role: HR and admin naming B are refused too.
  'PUT users/profile/change-password': {
    expect: m(401, 200, 403, 403, 403),
    req: (t) => ({ method: 'PUT', body: { userId: t.id, currentPassword: TEST_PASSWORD, newPassword: 'PasswordBaru1' } }),
  },
  'PUT users/profile/update': {
    expect: m(401, 200, 403, 403, 403),
    req: (t) => ({ method: 'PUT', body: { userId: t.id, name: 'Nama Sendiri', email: uniqueEmail('me'), position: 'Analis' } }),
  },
  'GET users': { expect: STAFF_READ },
  // Activation cards (docs/onboarding.md): a PDF with a new link for B.
  'POST users/invites': { expect: STAFF_WRITE, req: (t) => ({ method: 'POST', body: { userIds: [t.id] } }) },
  'GET divisions': { expect: STAFF_READ },
  'POST divisions': { expect: STAFF_WRITE, req: () => ({ body: { name: 'Divisi Uji' } }) },
  'PUT divisions/[id]': {
    expect: STAFF_WRITE,
    prepare: async () => void (await db.division.create({ data: { id: '31313131-0000-4000-8000-0000000000a1', name: 'Gudang' } })),
    req: () => ({ method: 'PUT', params: { id: '31313131-0000-4000-8000-0000000000a1' }, body: { name: 'Logistik' } }),
  },
  'DELETE divisions/[id]': {
    expect: STAFF_WRITE,
    prepare: async () => void (await db.division.create({ data: { id: '31313131-0000-4000-8000-0000000000a2', name: 'Gudang' } })),
    req: () => ({ method: 'DELETE', params: { id: '31313131-0000-4000-8000-0000000000a2' } }),
  },
  'GET users/[id]/invite': { expect: STAFF_READ, req: (t) => ({ params: { id: t.id } }) },
  'POST users/[id]/invite': { expect: STAFF_WRITE, req: (t) => ({ method: 'POST', params: { id: t.id }, body: { send: true } }) },
  'DELETE users/[id]/invite': {
    expect: STAFF_WRITE,
    prepare: async (w) =>
      void (await db.userInvite.create({
        data: { userId: w.b.user.id, tokenHash: 'b'.repeat(64), expiresAt: new Date(Date.now() + 86_400_000) },
      })),
    req: (t) => ({ method: 'DELETE', params: { id: t.id } }),
  },
  // Public: the link is the credential; a made-up one is refused (400) whoever calls.
  'POST auth/activate': { expect: m(400, 400, 400, 400, 400), req: () => ({ body: { token: 'x'.repeat(43), password: 'PasswordBaru1' } }) },
  'GET users/export': { expect: STAFF_READ, req: () => ({ path: '/api/users/export?format=csv' }) },
  'GET users/import/template': { expect: STAFF_READ, req: () => ({ path: '/api/users/import/template?format=csv' }) },
  'POST users/import': {
    expect: STAFF_WRITE,
    req: () => ({
      path: '/api/users/import',
      body: {
        filename: 'k.csv',
        file: `data:text/csv;base64,${Buffer.from(`NIK;Nama;Email;Jabatan\nM1;Mira;${uniqueEmail('imp')};Staf\n`).toString('base64')}`,
      },
    }),
  },
  'GET users/pending': { expect: ADMIN_ONLY },
  // B registered under the 'approval' policy and waits for an admin.
  'POST users/[id]/approve': {
    expect: ADMIN_ONLY,
    req: (t) => ({ params: { id: t.id }, method: 'POST' }),
    prepare: async (w) => void (await db.user.update({ where: { id: w.b.user.id }, data: { pendingApproval: true } })),
  },
};

type Handler = Parameters<typeof call>[0];
let handlers = new Map<string, Handler>();

beforeAll(async () => {
  handlers = await loadHandlers();
}, 120_000);

// Each cell's world: made once, then restored from a copy (tests/world-copy.ts).
const freshWorld = reusableWorld(makeWorld);

async function makeWorld(): Promise<World> {
  await db.user.deleteMany({});
  await db.loginAttempt.deleteMany({});
  // Rows with no foreign key to a user outlive user.deleteMany: a cell's fixed ids (a terminal, push
  // subscriptions, a failed delivery) would collide with the next cell's.
  await db.terminal.deleteMany({});
  await db.pushSubscription.deleteMany({});
  await db.notification.deleteMany({});
  // A month closed by an earlier cell (HR's close of 2025-11) would answer the next caller 409.
  await db.period.deleteMany({});
  await db.settings.deleteMany({});
  await db.settings.create({ data: { id: 1 } });
  await configureMainOffice({ latitude: OFFICE.latitude, longitude: OFFICE.longitude, radius: 100, timezone: TZ });
  const [admin, hr, a, b] = [
    await createUser({ role: 'admin', name: 'Admin' }),
    await createUser({ role: 'hr', name: 'HR' }),
    await createUser({ name: 'Karyawan A' }),
    await createUser({ name: 'Karyawan B' }),
  ];
  // Offices, schedules and holidays of earlier cells go: each cell starts from the main office, the
  // default schedule and one holiday, plus an unused branch and schedule it may change or remove.
  const main = await getMainOffice();
  await db.office.deleteMany({ where: { id: { not: main.id } } });
  await db.workSchedule.deleteMany({ where: { isDefault: false } });
  await db.holiday.deleteMany({});
  await db.division.deleteMany({});
  await db.payrollPreset.deleteMany({});
  const branch = await db.office.create({
    data: { name: 'Cabang Kosong', latitude: -7.25, longitude: 112.75, radius: 100, timezone: 'Asia/Jakarta' },
  });
  const schedule = await db.workSchedule.create({ data: { name: 'Shift Uji', days: { create: WEEK('07:00', '15:00') } } });
  const assignment = await db.scheduleAssignment.create({
    data: { userId: b.user.id, scheduleId: schedule.id, startDate: dateKeyToDate('2026-12-01') },
  });
  const holiday = await db.holiday.create({
    data: { date: dateKeyToDate('2026-12-24'), name: 'Cuti Bersama Natal', kind: 'cuti_bersama' },
  });
  const sick = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'sakit' } });
  const world: World = {
    admin,
    hr,
    a,
    b,
    attendance: {},
    leave: {},
    officeId: main.id,
    branchId: branch.id,
    scheduleId: schedule.id,
    assignmentId: assignment.id,
    holidayId: holiday.id,
    leaveTypeId: sick.id,
  };
  const yesterday = dateKeyToDate(addDays(today(), -1));
  for (const { user } of [a, b]) {
    await enrolFace(user.id, DESCRIPTOR);
    await db.faceEnrolmentPhoto.create({
      data: {
        userId: user.id,
        position: 1,
        mime: 'image/jpeg',
        size: 4,
        data: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
        descriptor: DESCRIPTOR,
      },
    });
    const att = await db.attendance.create({
      data: {
        userId: user.id,
        workDate: yesterday,
        checkInAt: new Date(Date.now() - 86_400_000),
        checkInLatitude: INSIDE.latitude,
        checkInLongitude: INSIDE.longitude,
        checkInDistance: 30,
        faceCheckStatus: 'flagged',
        faceCheckReason: 'Wajah tidak cocok',
        photos: {
          create: { kind: 'check_in', mime: 'image/jpeg', size: 4, data: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), descriptor: DESCRIPTOR },
        },
      },
    });
    world.attendance[user.id] = att.id;
    // Unpaid leave ('lainnya') takes no balance, so HR's approval does not depend on the weekday; a PDF is attached.
    const leave = await db.leaveRequest.create({
      data: {
        userId: user.id,
        type: 'lainnya',
        startDate: dateKeyToDate(addDays(today(), 5)),
        endDate: dateKeyToDate(addDays(today(), 6)),
        reason: 'Keperluan keluarga penting',
        attachment: new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n')),
        attachmentMime: 'application/pdf',
        attachmentName: 'surat.pdf',
        attachmentSize: 15,
      },
    });
    world.leave[user.id] = leave.id;
  }
  return world;
}

function subject(w: World, caller: Caller): { token?: string; target: Made } {
  switch (caller) {
    case 'anonymous':
      return { target: w.b };
    case 'selfA':
      return { token: w.a.token, target: w.a };
    case 'AonB':
      return { token: w.a.token, target: w.b };
    case 'hr':
      return { token: w.hr.token, target: w.b };
    case 'admin':
      return { token: w.admin.token, target: w.b };
  }
}

describe('access-control matrix', () => {
  it('has a row for every route and method on disk, and a route for every row', () => {
    const onDisk = [...handlers.keys()].sort();
    expect(onDisk.length).toBeGreaterThan(30);
    expect(
      onDisk.filter((k) => !(k in MATRIX)),
      'routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX)
        .filter((k) => !handlers.has(k))
        .sort(),
      'rows without a route',
    ).toEqual([]);
  });

  it('next-auth: only session and csrf answer, nothing advertises a URL; its session is the app token', async () => {
    const get = handlers.get('GET auth/[...nextauth]')!;
    const post = handlers.get('POST auth/[...nextauth]')!;
    const { user, token } = await createUser({ role: 'employee' });
    const at = (...nextauth: string[]) => ({ params: { nextauth: nextauth as never } });
    for (const action of [
      ['providers'],
      ['signin'],
      ['signin', 'credentials'],
      ['signout'],
      ['callback', 'credentials'],
      ['error'],
      ['verify-request'],
      ['_log'],
      [],
    ]) {
      for (const handler of [get, post]) {
        const res = await call(handler, {
          method: handler === get ? 'GET' : 'POST',
          ...at(...action),
          body: handler === get ? undefined : {},
        });
        expect([action.join('/'), res.status]).toEqual([action.join('/'), 404]);
        expect(JSON.stringify(res.body) + JSON.stringify([...res.headers])).not.toMatch(/localhost|https?:\/\//);
      }
    }
    expect((await call(post, { method: 'POST', ...at('csrf'), body: {} })).status).toBe(404);
    expect((await call(get, at('session'))).body).toEqual({});
    const csrf = await call(get, at('csrf'));
    expect(csrf.body.csrfToken).toMatch(/^[0-9a-f]{64}$/);
    // A cookie session reads as the user and is renewed (a fresh cookie); a forged one is anonymous.
    const cookie = `absensi.session-token=${token}`;
    const mine = await call(get, { ...at('session'), headers: { cookie } });
    expect(mine.body.user).toMatchObject({ id: user.id, role: 'employee' });
    expect(mine.headers.get('set-cookie')).toMatch(/^absensi\.session-token=ey.*HttpOnly/i);
    const jwt = (await import('jsonwebtoken')).default;
    const forged = jwt.sign({ sub: user.id, role: 'admin', tv: 0 }, 'x'.repeat(48), { issuer: 'absensi', audience: 'absensi' });
    const none = jwt.sign({ sub: user.id, role: 'admin', tv: 0, iss: 'absensi', aud: 'absensi' }, '', { algorithm: 'none' as never });
    for (const bad of [forged, none])
      expect((await call(get, { ...at('session'), headers: { cookie: `absensi.session-token=${bad}` } })).body).toEqual({});
    // Server components read the same token through next-auth's decode.
    const { getAuthOptions } = await import('@/lib/server/auth/next-auth');
    const decode = getAuthOptions().jwt!.decode!;
    expect(await decode({ token, secret: '' })).toMatchObject({ sub: user.id, role: 'employee' });
    expect(await decode({ token: none, secret: '' })).toBeNull();
    expect(await decode({ token: forged, secret: '' })).toBeNull();
  });

  // A kiosk is a device, not a user (docs/kiosk.md): its credential opens the kiosk's own routes and
  // nothing else. Every route that refuses an anonymous caller (401) refuses the kiosk too, before reading
  // anything; the routes anyone may call (sign-in, health) give it no more than anyone.
  it('a kiosk credential is refused on every route but the kiosk’s own', async () => {
    const w = await freshWorld();
    await kioskAt(w);
    const t: Target = { id: w.b.user.id, email: w.b.user.email, attendanceId: w.attendance[w.b.user.id]!, leaveId: w.leave[w.b.user.id]! };
    const before = await dbSnapshot();
    const refused: string[] = [];
    for (const [key, row] of Object.entries(MATRIX)) {
      const anonymous = typeof row.expect === 'number' ? row.expect : row.expect.anonymous;
      if (anonymous !== 401 || key.split(' ')[1]!.startsWith('kiosk/')) continue;
      const res = await call(handlers.get(key)!, {
        method: key.split(' ')[0]!,
        path: `/api/${key.split(' ')[1]}`,
        ...(row.req?.(t, w) ?? {}),
        token: KIOSK_CREDENTIAL,
      });
      expect([key, res.status]).toEqual([key, 401]);
      refused.push(key);
    }
    expect(refused.length).toBeGreaterThan(100);
    const { Kiosk: _k, ...after } = await dbSnapshot();
    const { Kiosk: _k0, ...was } = before;
    expect(after).toEqual(was);
    // …and its own routes answer it.
    expect((await call(handlers.get('GET kiosk/me')!, { method: 'GET', path: '/api/kiosk/me', token: KIOSK_CREDENTIAL })).status).toBe(200);
  }, 600_000);

  // An API key (docs/integrations.md) is a caller of its own, tried with each scope over every route: the
  // routes its scope opens (features/integrations/lib/scopes.ts) answer it as they answer HR acting on B;
  // every other route that needs a signed-in caller refuses it (403 API_KEY_SCOPE) and changes nothing;
  // the routes anyone may call (the kiosk's own ones included) give it what they give anyone. A revoked
  // key is refused everywhere its scope opened (401).
  for (const scope of API_KEY_SCOPES)
    it(`an API key with scope ${scope}, over every route`, async () => {
      const opened: string[] = [];
      let shared: World | null = null;
      for (const [key, row] of Object.entries(MATRIX)) {
        const e = row.expect;
        const anonymous = typeof e === 'number' ? e : e.anonymous;
        const inScope = SCOPE_ROUTES[scope].includes(key);
        // A route that needs a signed-in caller reads the key (route()); one that anyone may call reads it as no session.
        const auth = (handlers.get(key) as RouteHandler & { spec?: RouteSpec }).spec?.auth ?? 'public';
        const signedIn = auth !== 'public' && auth !== 'optional';
        const isolated = inScope || !signedIn;
        let w: World;
        if (isolated || !shared) {
          w = await freshWorld();
          await row.prepare?.(w);
          await apiKeyWith([scope]);
          if (!isolated) shared = w;
        } else w = shared;
        const t: Target = {
          id: w.b.user.id,
          email: w.b.user.email,
          attendanceId: w.attendance[w.b.user.id]!,
          leaveId: w.leave[w.b.user.id]!,
        };
        const expected = inScope ? (typeof e === 'number' ? e : e.hr) : signedIn ? 403 : anonymous;
        const before = await dbSnapshot();
        const res = await call(handlers.get(key)!, {
          method: key.split(' ')[0]!,
          path: `/api/${key.split(' ')[1]}`,
          ...(row.req?.(t, w) ?? {}),
          token: API_KEY,
        });
        expect([key, res.status], JSON.stringify(res.body).slice(0, 200)).toEqual([key, expected]);
        if (inScope) opened.push(key);
        else if (signedIn) {
          expect(res.body.code, key).toBe('API_KEY_SCOPE');
          expect(await dbSnapshot(), `${key} refused the key but changed the database`).toEqual(before);
        }
      }
      expect(opened.sort()).toEqual([...SCOPE_ROUTES[scope]].sort());
      // Revoked: refused everywhere, even where its scope opened the route.
      await db.apiKey.update({ where: { id: API_KEY_ID }, data: { revokedAt: new Date() } });
      for (const key of SCOPE_ROUTES[scope]) {
        const row = MATRIX[key]!;
        const w = shared!;
        const t: Target = {
          id: w.b.user.id,
          email: w.b.user.email,
          attendanceId: w.attendance[w.b.user.id]!,
          leaveId: w.leave[w.b.user.id]!,
        };
        const res = await call(handlers.get(key)!, {
          method: key.split(' ')[0]!,
          path: `/api/${key.split(' ')[1]}`,
          ...(row.req?.(t, w) ?? {}),
          token: API_KEY,
        });
        expect([key, res.status]).toEqual([key, 401]);
      }
    }, 900_000);

  for (const [key, row] of Object.entries(MATRIX)) {
    it(key, async () => {
      const handler = handlers.get(key);
      expect(handler, `no handler for ${key}`).toBeDefined();
      const method = key.split(' ')[0]!;
      const got: Partial<Record<Caller, number>> = {};
      const e = row.expect as Record<Caller, number> | number;
      const expected = typeof e === 'number' ? m(e, e, e, e, e) : e;
      // A refusal is proven to leave the database exactly as it was (the snapshot check below), so the next
      // caller gets that same world, as fresh as a new one, with its snapshot; after a success, a new world.
      let kept: { w: World; snapshot: Record<string, string> } | null = null;
      for (const caller of CALLERS) {
        let w: World;
        if (kept) w = kept.w;
        else {
          w = await freshWorld();
          await row.prepare?.(w);
        }
        const { token, target } = subject(w, caller);
        const t: Target = {
          id: target.user.id,
          email: target.user.email,
          attendanceId: w.attendance[target.user.id]!,
          leaveId: w.leave[target.user.id]!,
        };
        const req = row.req?.(t, w) ?? {};
        const before: Record<string, string> = kept?.snapshot ?? (await dbSnapshot());
        kept = null;
        const auditBefore = row.audit ? await db.auditLog.count() : 0;
        const res = await call(handler!, { method, path: `/api/${key.split(' ')[1]}`, ...req, ...(token ? { token } : {}) });
        if (row.audit && caller in row.audit && res.status < 300) {
          const kind = row.audit[caller];
          const added = await db.auditLog.findMany({
            where: { id: { gt: BigInt(0) } },
            orderBy: { id: 'desc' },
            take: (await db.auditLog.count()) - auditBefore,
            select: { kind: true },
          });
          expect(
            added.map((a) => a.kind),
            `${key} as ${caller}: audit rows`,
          ).toEqual(kind ? [kind] : []);
        }
        got[caller] = res.status;
        expect(res.status, `${key} as ${caller}: ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
        if (res.status >= 300) {
          expect(await dbSnapshot(), `${key} as ${caller} answered ${res.status} but changed the database`).toEqual(before);
          expect(res.body?.error, `${key} as ${caller}: refusal without a message`).toBeTruthy();
          kept = { w, snapshot: before };
        }
      }
      expect(got).toEqual(expected);
    });
  }
});
