// The audit trail, route by route (docs/audit.md): every mutating handler on disk (POST, PUT, PATCH,
// DELETE under app/api, found from the file system) is performed by a caller allowed to, and the rows it
// leaves on AuditLog are compared with what is expected: kind, actor, the record and the person it is
// about, before/after where something changed, the note, and the caller's address. A route that is
// deliberately not audited is listed, with its reason, under "Not audited" in docs/audit.md; its case
// here proves it writes no row. The test fails on a route without a case, on a route whose cases write
// nothing but that docs/audit.md does not list, on a listed route that writes a row, and on a kind the
// document does not name. So a new route cannot land unaudited.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { db } from '@/lib/server/db';
import { getEnv, resetEnvCache } from '@/lib/env';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, checkedIn, configureMainOffice, createUser, enrolFace, faceFixture, TEST_PASSWORD, uniqueEmail } from '../helpers';
import { loadHandlers, MUTATING_METHODS, type RouteHandler } from '../api-routes';
import { reusableWorld } from '../world-copy';
import { getMainOffice } from '@/features/offices/server/offices';
import { sha256Hex, signOfflinePunch } from '@/features/kiosk/lib/credential';

type Made = Awaited<ReturnType<typeof createUser>>;
type Who = 'admin' | 'hr' | 'a' | 'b';
type World = Record<Who, Made> & {
  /** B's flagged check-in of yesterday. */
  attendanceB: string;
  /** A pending leave of A and of B (unpaid, no balance involved). */
  leave: Record<'a' | 'b', string>;
  mainOfficeId: string;
  branchId: string;
  scheduleId: string;
  assignmentId: string;
  holidayId: string;
  sickTypeId: string;
};
type Req = { method?: string; path?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> };
type Actor = { id: string; name: string; role: string } | null;
/** One expected row. `before`/`after`: null means none; an object is matched as a subset (toMatchObject). */
type Row = {
  kind: string;
  actor: Actor;
  entity: string;
  entityId: string | null;
  targetUserId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note?: string | null;
};
type Answer = { status: number; body: any };
type Case = {
  /** Who performs it (an allowed caller); anonymous: no session. */
  as: Who | 'anonymous';
  label?: string;
  /** A case that runs the face engine (three detections) gets more time: on two cores shared with a
   * build it takes a minute or more, which is the machine, not the route. */
  timeoutMs?: number;
  prepare?: (w: World) => Promise<void>;
  req: (w: World) => Req;
  status?: number;
  /** The rows it must leave, in order; [] for a route listed as not audited (or a caller it does not audit). */
  rows: (w: World, res: Answer) => Row[] | Promise<Row[]>;
};

/** A payroll file preset (docs/exports.md) as an admin saves it. */
const PAYROLL_PRESET = {
  name: 'Gaji Bulanan',
  columns: [{ key: 'employeeNumber', header: 'NIK' }],
  decimalSeparator: ',',
  decimals: null,
  dateFormat: 'dd/mm/yyyy',
  csvSeparator: ';',
};
/** The rows of a route (or caller) that is not audited: none. */
const NONE = (): Row[] => [];
const TZ = 'Asia/Jakarta';
const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const DEVICE_KEY = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const DEVICE_ID = '0d0d0d0d-0000-4000-8000-0000000000c1';
const CHALLENGE_ID = '0c0c0c0c-0000-4000-8000-00000000c001';
const API_KEY_ID = '0a0a0a0a-0000-4000-8000-0000000000a1';
const FAILED_DELIVERY_ID = '0d0d0d0d-0000-4000-8000-0000000000f1';
/** A webhook with one failed delivery (docs/webhooks.md). */
const WEBHOOK_ID = '0d0d0d0d-0000-4000-8000-0000000000e1';
const WEBHOOK_DELIVERY_ID = '0d0d0d0d-0000-4000-8000-0000000000e2';
async function webhookAt() {
  await db.webhook.deleteMany({});
  await db.webhook.create({
    data: { id: WEBHOOK_ID, url: 'https://hooks.example.com/a', events: ['leave.decided'], secret: 'whsec_audit' },
  });
  await db.webhookDelivery.create({
    data: { id: WEBHOOK_DELIVERY_ID, webhookId: WEBHOOK_ID, event: 'leave.decided', data: {}, status: 'failed', attempts: 8 },
  });
}
const PUSH_ID = '0d0d0d0d-0000-4000-8000-0000000000f2';
const PUSH_SUBSCRIPTION = {
  endpoint: 'https://push.example.com/langganan/a',
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};
const today = () => dateKeyInZone(new Date(), TZ);
const yesterday = () => addDays(today(), -1);
const actorOf = (m: Made): Actor => ({ id: m.user.id, name: m.user.name, role: m.user.role });
const WEEK = (start: string, end: string) =>
  Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? start : null, end: i < 5 ? end : null }));
/** The last working day before today of the world's calendar: the default week (Monday to Friday) less its one holiday. */
const WORLD_HOLIDAY = '2026-12-24';
const lastWorkingDay = () => {
  let d = yesterday();
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) || d === WORLD_HOLIDAY) d = addDays(d, -1);
  return d;
};
/** A person whose calendar began a month ago (joinDate), so the days before today are theirs. */
const joinedMonthAgo = async (m: Made) =>
  void (await db.user.update({ where: { id: m.user.id }, data: { joinDate: dateKeyToDate(addDays(today(), -30)) } }));
/** The first Saturday at least three days ahead (a rest day of the default week). */
const nextSaturday = () => {
  let d = addDays(today(), 3);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
};
const punchBody = (action: 'check-in' | 'check-out') => ({
  ...INSIDE,
  accuracy: 10,
  timestamp: new Date().toISOString(),
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
  challengeId: CHALLENGE_ID,
  action,
});
/** A paired kiosk at the main office, with a known credential (docs/kiosk.md). */
const KIOSK_ID = '0e0e0e0e-0000-4000-8000-0000000000c1';
const KIOSK_SECRET = 'k'.repeat(43);
const KIOSK_AUTH = { authorization: `Bearer kiosk.${KIOSK_ID}.${KIOSK_SECRET}` };
async function pairedKiosk(w: World) {
  await db.kiosk.deleteMany({});
  await db.kiosk.create({
    data: {
      id: KIOSK_ID,
      name: 'Kiosk Pintu',
      officeId: w.mainOfficeId,
      credentialHash: createHash('sha256').update(KIOSK_SECRET).digest('hex'),
      pairedAt: new Date(),
    },
  });
}
let offlineBody: unknown;
async function offlinePunchOf(w: World) {
  const fields = {
    id: '0e0e0e0e-0000-4000-8000-0000000000c2',
    userId: w.a.user.id,
    clientTime: new Date().toISOString(),
    offsetMs: 0,
    faceImage: PHOTO,
  };
  return { ...fields, faceDescriptor: DESCRIPTOR, signature: await signOfflinePunch(KIOSK_SECRET, fields) };
}
const openChallenge = (w: World, action: 'check-in' | 'check-out') =>
  db.attendanceChallenge.create({
    data: { id: CHALLENGE_ID, userId: w.a.user.id, action, steps: ['kedip'], expiresAt: new Date(Date.now() + 60_000) },
  });

/** Ids made by a case's prepare, read back by its request and rows. */
const made: Record<string, string> = {};

async function pendingCorrection(w: World) {
  const c = await db.attendanceCorrection.create({
    data: {
      userId: w.b.user.id,
      date: dateKeyToDate(yesterday()),
      kind: 'sanggah_alpa',
      reason: 'Mesin absensi bermasalah',
      requestedById: w.b.user.id,
      requestedByName: w.b.user.name,
      pendingKey: `${w.b.user.id}|${yesterday()}`,
    },
  });
  made.correction = c.id;
}

async function overtimeOfB(w: World, origin: 'request' | 'assignment') {
  const date = nextSaturday();
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const row = await db.overtimeRequest.create({
    data: {
      userId: w.b.user.id,
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
      createdById: origin === 'assignment' ? w.admin.user.id : w.b.user.id,
      createdByName: origin === 'assignment' ? w.admin.user.name : w.b.user.name,
      consentAt: origin === 'assignment' ? null : new Date(),
    },
  });
  made.overtime = row.id;
}

/** B's approved overtime on the last Saturday before yesterday, 08:00–13:00 WIB, worked: 300 payable minutes. */
async function workedOvertimeOfB(w: World) {
  await db.settings.update({ where: { id: 1 }, data: { overtimeCompensation: 'pilihan' } });
  let date = addDays(today(), -2);
  while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 6) date = addDays(date, -1);
  const at = (hh: string) => new Date(`${date}T${hh}:00:00+07:00`);
  const place = { latitude: OFFICE.latitude, longitude: OFFICE.longitude, distance: 0 };
  await db.attendance.create({
    data: {
      userId: w.b.user.id,
      workDate: dateKeyToDate(date),
      checkInAt: at('08'),
      checkInLatitude: place.latitude,
      checkInLongitude: place.longitude,
      checkInDistance: place.distance,
      checkOutAt: at('13'),
      checkOutLatitude: place.latitude,
      checkOutLongitude: place.longitude,
      checkOutDistance: place.distance,
      officeId: w.mainOfficeId,
      dayStatus: 'istirahat',
    },
  });
  const row = await db.overtimeRequest.create({
    data: {
      userId: w.b.user.id,
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
      createdById: w.b.user.id,
      createdByName: w.b.user.name,
      consentAt: new Date(),
    },
  });
  made.overtime = row.id;
  made.overtimeDate = date;
}

const OFFICE_BODY = {
  name: 'Cabang Makassar',
  address: 'Jl. Uji',
  latitude: -5.147665,
  longitude: 119.432732,
  radius: 150,
  timezone: 'Asia/Makassar',
};

/** Every mutating route: one case per caller whose trail differs. */
/** An attendance machine that called once (docs/terminals.md), pending until an admin accepts it. */
const TERMINAL_IDS = ['0f0f0f0f-0000-4000-8000-0000000000d1', '0f0f0f0f-0000-4000-8000-0000000000d2'] as const;
async function pendingTerminal(id: string, serialNumber: string) {
  await db.terminal.deleteMany({ where: { id } });
  await db.terminal.create({ data: { id, serialNumber } });
}

const CASES: Record<string, Case[]> = {
  // ---- Attendance ----
  'POST attendance/[id]/review': [
    {
      as: 'hr',
      req: (w) => ({ params: { id: w.attendanceB }, body: { decision: 'confirmed', note: 'Wajah sesuai' } }),
      rows: (w) => [
        {
          kind: 'attendance.review.confirmed',
          actor: actorOf(w.hr),
          entity: 'Attendance',
          entityId: w.attendanceB,
          targetUserId: w.b.user.id,
          before: null,
          after: { decision: 'confirmed', reasons: [] },
          note: 'Wajah sesuai',
        },
      ],
    },
  ],
  'POST attendance/challenge': [{ as: 'a', req: () => ({ body: { action: 'check-in' } }), rows: NONE }],
  'POST attendance/check-in': [
    { as: 'a', prepare: (w) => openChallenge(w, 'check-in').then(() => {}), req: () => ({ body: punchBody('check-in') }), rows: NONE },
  ],
  'POST attendance/check-out': [
    {
      as: 'a',
      prepare: async (w) => {
        await openChallenge(w, 'check-out');
        await checkedIn(w.a.user.id, today(), INSIDE);
      },
      req: () => ({ body: punchBody('check-out') }),
      rows: NONE,
    },
  ],
  // Istirahat (docs/calendar.md): the break's punches are kept on the attendance row like check-out.
  'POST attendance/break': [
    {
      as: 'a',
      prepare: async (w) => {
        await db.attendanceChallenge.create({
          data: { id: CHALLENGE_ID, userId: w.a.user.id, action: 'break-start', steps: [], expiresAt: new Date(Date.now() + 60_000) },
        });
        await checkedIn(w.a.user.id, today(), INSIDE, true);
      },
      req: () => ({ body: { ...punchBody('check-in'), action: 'start' } }),
      rows: NONE,
    },
  ],
  'POST attendance/close': [
    {
      as: 'admin',
      req: () => ({ method: 'POST', path: `/api/attendance/close?date=${yesterday()}` }),
      rows: (w) => [
        {
          kind: 'attendance.close',
          actor: actorOf(w.admin),
          entity: 'DayClose',
          entityId: yesterday(),
          targetUserId: null,
          before: null,
          after: { date: yesterday(), offices: expect.arrayContaining([expect.objectContaining({ officeId: w.mainOfficeId })]) },
        },
      ],
    },
    {
      as: 'hr',
      label: 'HR runs the close of yesterday at the main office',
      req: (w) => ({ method: 'POST', path: `/api/attendance/close?date=${yesterday()}&officeId=${w.mainOfficeId}` }),
      rows: (w) => [
        {
          kind: 'attendance.close',
          actor: actorOf(w.hr),
          entity: 'DayClose',
          entityId: yesterday(),
          targetUserId: null,
          before: null,
          after: { date: yesterday(), offices: [expect.objectContaining({ officeId: w.mainOfficeId })] },
        },
      ],
    },
  ],
  // Tutup Harian (docs/daily-close.md, "The Tutup Harian page"): one attendance.close row per day of a run.
  'POST daily-close/run': [
    {
      as: 'hr',
      label: 'HR runs the two days before today at the main office',
      req: (w) => ({ body: { startDate: addDays(today(), -2), endDate: yesterday(), officeId: w.mainOfficeId } }),
      rows: (w) =>
        [addDays(today(), -2), yesterday()].map((date) => ({
          kind: 'attendance.close',
          actor: actorOf(w.hr),
          entity: 'DayClose',
          entityId: date,
          targetUserId: null,
          before: null,
          after: { date, offices: [expect.objectContaining({ officeId: w.mainOfficeId })] },
        })),
    },
  ],
  'PUT daily-close/settings': [
    {
      as: 'hr',
      req: () => ({ method: 'PUT', body: { dailyCloseTime: '03:30', catchUpDays: 14 } }),
      rows: (w) => [
        {
          kind: 'settings.daily_close',
          actor: actorOf(w.hr),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { dailyCloseTime: '02:00', catchUpDays: 62 },
          after: { dailyCloseTime: '03:30', catchUpDays: 14 },
        },
      ],
    },
  ],
  'POST corrections': [
    {
      as: 'admin',
      label: 'an admin corrects B directly',
      req: (w) => ({
        body: { userId: w.b.user.id, date: yesterday(), kind: 'sanggah_alpa', reason: 'Mesin absensi rusak hari itu' },
      }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'attendance.correction.direct',
          actor: actorOf(w.admin),
          entity: 'AttendanceCorrection',
          entityId: res.body.id,
          targetUserId: w.b.user.id,
          before: { record: { id: w.attendanceB } },
          after: { date: yesterday(), kind: 'sanggah_alpa' },
          note: 'Mesin absensi rusak hari itu',
        },
      ],
    },
    {
      as: 'a',
      label: "the employee's own request (not a privileged change; its decision is audited)",
      req: () => ({ body: { date: yesterday(), kind: 'sanggah_alpa', reason: 'Saya hadir, mesin absensi bermasalah' } }),
      status: 201,
      rows: NONE,
    },
  ],
  'PUT corrections/[id]/status': [
    {
      as: 'hr',
      prepare: pendingCorrection,
      req: () => ({ method: 'PUT', params: { id: made.correction! }, body: { status: 'approved', note: 'Sesuai bukti' } }),
      rows: (w) => [
        {
          kind: 'attendance.correction.approve',
          actor: actorOf(w.hr),
          entity: 'AttendanceCorrection',
          entityId: made.correction!,
          targetUserId: w.b.user.id,
          before: { status: 'pending' },
          after: { status: 'approved', date: yesterday() },
          note: 'Sesuai bukti',
        },
      ],
    },
  ],

  // ---- Sign-in and accounts ----
  'POST auth/[...nextauth]': [{ as: 'a', req: () => ({ method: 'POST', params: { nextauth: ['session'] as never } }), rows: NONE }],
  'POST auth/login': [{ as: 'anonymous', req: (w) => ({ body: { email: w.a.user.email, password: TEST_PASSWORD } }), rows: NONE }],
  'POST auth/logout': [{ as: 'a', req: () => ({ method: 'POST' }), rows: NONE }],
  'POST auth/register': [
    {
      as: 'admin',
      label: 'an admin adds a user',
      req: () => ({
        body: {
          name: 'Pengguna Baru',
          email: 'baru@kantor.test',
          position: 'Staf',
          role: 'hr',
          password: getEnv().DEFAULT_EMPLOYEE_PASSWORD,
        },
      }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'user.create',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: res.body.user.id,
          targetUserId: res.body.user.id,
          before: null,
          after: { name: 'Pengguna Baru', email: 'baru@kantor.test', role: 'hr', mustChangePassword: true },
        },
      ],
    },
    {
      as: 'anonymous',
      label: 'a self-registration',
      req: () => ({ body: { name: 'Daftar Sendiri', email: 'sendiri@kantor.test', position: 'Staf', password: 'PasswordKuat1' } }),
      status: 201,
      rows: (_w, res) => [
        {
          kind: 'user.register',
          actor: { id: res.body.user.id, name: 'Daftar Sendiri', role: 'employee' },
          entity: 'User',
          entityId: res.body.user.id,
          targetUserId: res.body.user.id,
          before: null,
          after: { email: 'sendiri@kantor.test', role: 'employee', pendingApproval: false },
        },
      ],
    },
  ],
  'POST payroll-presets': [
    {
      as: 'admin',
      req: () => ({ body: PAYROLL_PRESET }),
      rows: (w, res) => [
        {
          kind: 'payroll_preset.create',
          actor: actorOf(w.admin),
          entity: 'PayrollPreset',
          entityId: res.body.id,
          targetUserId: null,
          before: null,
          after: PAYROLL_PRESET,
        },
      ],
    },
  ],
  'PUT payroll-presets/[id]': [
    {
      as: 'admin',
      prepare: async () =>
        void (await db.payrollPreset.create({ data: { id: '31313131-0000-4000-8000-0000000000b3', ...PAYROLL_PRESET } })),
      req: () => ({
        method: 'PUT',
        params: { id: '31313131-0000-4000-8000-0000000000b3' },
        body: { ...PAYROLL_PRESET, columns: [{ key: 'employeeNumber', header: 'ID' }], decimalSeparator: '.' },
      }),
      rows: (w) => [
        {
          kind: 'payroll_preset.update',
          actor: actorOf(w.admin),
          entity: 'PayrollPreset',
          entityId: '31313131-0000-4000-8000-0000000000b3',
          targetUserId: null,
          before: PAYROLL_PRESET,
          after: { ...PAYROLL_PRESET, columns: [{ key: 'employeeNumber', header: 'ID' }], decimalSeparator: '.' },
        },
      ],
    },
  ],
  'DELETE payroll-presets/[id]': [
    {
      as: 'admin',
      prepare: async () =>
        void (await db.payrollPreset.create({ data: { id: '31313131-0000-4000-8000-0000000000b4', ...PAYROLL_PRESET } })),
      req: () => ({ method: 'DELETE', params: { id: '31313131-0000-4000-8000-0000000000b4' } }),
      rows: (w) => [
        {
          kind: 'payroll_preset.delete',
          actor: actorOf(w.admin),
          entity: 'PayrollPreset',
          entityId: '31313131-0000-4000-8000-0000000000b4',
          targetUserId: null,
          before: PAYROLL_PRESET,
          after: null,
        },
      ],
    },
  ],
  'POST divisions': [
    {
      as: 'hr',
      req: () => ({ body: { name: 'Gudang' } }),
      rows: (w, res) => [
        {
          kind: 'division.create',
          actor: actorOf(w.hr),
          entity: 'Division',
          entityId: res.body.id,
          targetUserId: null,
          before: null,
          after: { name: 'Gudang' },
        },
      ],
    },
  ],
  'PUT divisions/[id]': [
    {
      as: 'hr',
      prepare: async () => void (await db.division.create({ data: { id: '31313131-0000-4000-8000-000000000031', name: 'Gudang' } })),
      req: () => ({ method: 'PUT', params: { id: '31313131-0000-4000-8000-000000000031' }, body: { name: 'Logistik' } }),
      rows: (w) => [
        {
          kind: 'division.update',
          actor: actorOf(w.hr),
          entity: 'Division',
          entityId: '31313131-0000-4000-8000-000000000031',
          targetUserId: null,
          before: { name: 'Gudang' },
          after: { name: 'Logistik' },
        },
      ],
    },
  ],
  'DELETE divisions/[id]': [
    {
      as: 'admin',
      prepare: async () => void (await db.division.create({ data: { id: '31313131-0000-4000-8000-000000000032', name: 'Gudang' } })),
      req: () => ({ method: 'DELETE', params: { id: '31313131-0000-4000-8000-000000000032' } }),
      rows: (w) => [
        {
          kind: 'division.delete',
          actor: actorOf(w.admin),
          entity: 'Division',
          entityId: '31313131-0000-4000-8000-000000000032',
          targetUserId: null,
          before: { name: 'Gudang', members: 0 },
          after: null,
        },
      ],
    },
  ],
  'POST users/[id]/invite': [
    {
      as: 'hr',
      req: (w) => ({ params: { id: w.b.user.id } }),
      rows: async (w) => {
        const invite = await db.userInvite.findFirstOrThrow({ where: { userId: w.b.user.id } });
        return [
          {
            kind: 'user.invite',
            actor: actorOf(w.hr),
            entity: 'UserInvite',
            entityId: invite.id,
            targetUserId: w.b.user.id,
            before: null,
            after: { expiresAt: invite.expiresAt.toISOString(), replaced: 0 },
          },
        ];
      },
    },
    {
      // Sent by e-mail/WhatsApp: the row says where it went (no channel configured here: nowhere), never the link.
      as: 'hr',
      label: 'send',
      req: (w) => ({ params: { id: w.b.user.id }, body: { send: true } }),
      rows: async (w) => {
        const invite = await db.userInvite.findFirstOrThrow({ where: { userId: w.b.user.id } });
        return [
          {
            kind: 'user.invite',
            actor: actorOf(w.hr),
            entity: 'UserInvite',
            entityId: invite.id,
            targetUserId: w.b.user.id,
            before: null,
            after: { expiresAt: invite.expiresAt.toISOString(), replaced: 0, sent: [] },
          },
        ];
      },
    },
  ],
  'POST users/invites': [
    {
      as: 'hr',
      req: (w) => ({ body: { userIds: [w.b.user.id] } }),
      rows: async (w) => {
        const invite = await db.userInvite.findFirstOrThrow({ where: { userId: w.b.user.id } });
        return [
          {
            kind: 'user.invite',
            actor: actorOf(w.hr),
            entity: 'UserInvite',
            entityId: invite.id,
            targetUserId: w.b.user.id,
            before: null,
            after: { expiresAt: invite.expiresAt.toISOString(), replaced: 0, printed: true },
          },
        ];
      },
    },
  ],
  'DELETE users/[id]/invite': [
    {
      as: 'hr',
      prepare: async (w) =>
        void (await db.userInvite.create({
          data: {
            id: '31313131-0000-4000-8000-0000000000b1',
            userId: w.b.user.id,
            tokenHash: 'a'.repeat(64),
            expiresAt: new Date(Date.now() + 86_400_000),
          },
        })),
      req: (w) => ({ method: 'DELETE', params: { id: w.b.user.id } }),
      rows: (w) => [
        {
          kind: 'user.invite_revoke',
          actor: actorOf(w.hr),
          entity: 'UserInvite',
          entityId: '31313131-0000-4000-8000-0000000000b1',
          targetUserId: w.b.user.id,
          before: { open: 1 },
          after: null,
        },
      ],
    },
  ],
  'POST auth/activate': [
    {
      as: 'anonymous',
      prepare: async (w) =>
        void (await db.userInvite.create({
          data: {
            id: '31313131-0000-4000-8000-0000000000b2',
            userId: w.b.user.id,
            // sha256 of 'token-undangan-uji-31-aaaaaaaaaaaaaaaaaaaa'
            tokenHash: createHash('sha256').update('token-undangan-uji-31-aaaaaaaaaaaaaaaaaaaa').digest('hex'),
            expiresAt: new Date(Date.now() + 86_400_000),
          },
        })),
      req: () => ({ body: { token: 'token-undangan-uji-31-aaaaaaaaaaaaaaaaaaaa', password: 'PasswordBaru31' } }),
      rows: (w) => [
        {
          kind: 'auth.activate',
          actor: actorOf(w.b),
          entity: 'UserInvite',
          entityId: '31313131-0000-4000-8000-0000000000b2',
          targetUserId: w.b.user.id,
          before: null,
          after: { activated: true },
        },
      ],
    },
  ],
  'POST users/import': [
    {
      as: 'hr',
      label: 'one new person in a new division',
      req: () => ({
        body: {
          filename: 'karyawan.csv',
          file: `data:text/csv;base64,${Buffer.from('NIK;Nama;Email;Jabatan;Divisi\nN1;Nina Impor;nina@kantor.test;Staf;Gudang\n').toString('base64')}`,
        },
      }),
      rows: async (w) => {
        const nina = await db.user.findUniqueOrThrow({ where: { employeeNumber: 'N1' } });
        const gudang = await db.division.findFirstOrThrow({ where: { name: 'Gudang' } });
        return [
          {
            kind: 'division.create',
            actor: actorOf(w.hr),
            entity: 'Division',
            entityId: gudang.id,
            targetUserId: null,
            before: null,
            after: { name: 'Gudang' },
          },
          {
            kind: 'user.create',
            actor: actorOf(w.hr),
            entity: 'User',
            entityId: nina.id,
            targetUserId: nina.id,
            before: null,
            after: { employeeNumber: 'N1', name: 'Nina Impor', email: 'nina@kantor.test', divisionId: gudang.id, via: 'import' },
            note: 'karyawan.csv',
          },
          {
            kind: 'user.import',
            actor: actorOf(w.hr),
            entity: 'User',
            entityId: null,
            targetUserId: null,
            before: null,
            after: { file: 'karyawan.csv', type: 'csv', total: 1, baru: 1, diubah: 0 },
            note: 'karyawan.csv',
          },
        ];
      },
    },
  ],
  'PUT users/[id]': [
    {
      as: 'admin',
      req: (w) => ({
        method: 'PUT',
        params: { id: w.b.user.id },
        body: { name: 'Karyawan B Baru', email: w.b.user.email, position: 'Supervisor', role: 'employee', homeOfficeId: w.branchId },
      }),
      rows: (w) => [
        {
          kind: 'user.update',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { name: 'Karyawan B', position: 'Staf' },
          after: { name: 'Karyawan B Baru', position: 'Supervisor' },
        },
        {
          kind: 'user.workplace',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { homeOfficeId: null },
          after: { homeOfficeId: w.branchId },
        },
      ],
    },
  ],
  'DELETE users/[id]': [
    {
      as: 'admin',
      label: 'B has attendance: deactivated',
      req: (w) => ({ method: 'DELETE', params: { id: w.b.user.id } }),
      rows: (w) => [
        {
          kind: 'user.deactivate',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { name: 'Karyawan B', role: 'employee' },
          after: { deactivated: true, endDate: today() },
        },
      ],
    },
  ],
  'POST users/[id]/reactivate': [
    {
      as: 'admin',
      prepare: async (w) =>
        void (await db.user.update({
          where: { id: w.b.user.id },
          data: { deactivatedAt: new Date(), endDate: dateKeyToDate(yesterday()) },
        })),
      req: (w) => ({ method: 'POST', params: { id: w.b.user.id } }),
      rows: (w) => [
        {
          kind: 'user.reactivate',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { deactivated: true, endDate: yesterday() },
          after: { deactivated: false },
        },
      ],
    },
  ],
  'POST users/[id]/approve': [
    {
      as: 'admin',
      prepare: async (w) => void (await db.user.update({ where: { id: w.b.user.id }, data: { pendingApproval: true } })),
      req: (w) => ({ method: 'POST', params: { id: w.b.user.id } }),
      rows: (w) => [
        {
          kind: 'user.approve',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { pendingApproval: true },
          after: { pendingApproval: false },
        },
      ],
    },
  ],
  'POST users/[id]/reset-password': [
    {
      as: 'admin',
      req: (w) => ({ params: { id: w.b.user.id }, body: {} }),
      rows: (w) => [
        {
          kind: 'user.reset_password',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { mustChangePassword: false },
          after: { mustChangePassword: true },
        },
      ],
    },
  ],
  'POST users/[id]/unlock': [
    {
      as: 'admin',
      prepare: async (w) =>
        void (await db.loginLock.create({ data: { accountKey: w.b.user.id, lockedUntil: new Date(Date.now() + 3_600_000) } })),
      req: (w) => ({ method: 'POST', params: { id: w.b.user.id } }),
      rows: (w) => [
        {
          kind: 'auth.unlock',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { lockedUntil: expect.any(String) as never },
          after: { lockedUntil: null, failedAttempts: 0 },
        },
      ],
    },
  ],
  'PUT users/profile/update': [
    {
      as: 'a',
      req: (w) => ({ method: 'PUT', body: { userId: w.a.user.id, name: 'Karyawan A', email: 'a.baru@kantor.test', position: 'Analis' } }),
      rows: (w) => [
        {
          kind: 'user.profile',
          actor: actorOf(w.a),
          entity: 'User',
          entityId: w.a.user.id,
          targetUserId: w.a.user.id,
          before: { email: w.a.user.email, position: 'Staf' },
          after: { email: 'a.baru@kantor.test', position: 'Analis' },
        },
      ],
    },
  ],
  'PUT users/profile/change-password': [
    {
      as: 'a',
      req: (w) => ({ method: 'PUT', body: { userId: w.a.user.id, currentPassword: TEST_PASSWORD, newPassword: 'PasswordBaru1' } }),
      rows: (w) => [
        {
          kind: 'auth.password_change',
          actor: actorOf(w.a),
          entity: 'User',
          entityId: w.a.user.id,
          targetUserId: w.a.user.id,
          before: null,
          after: null,
          note: 'other sessions ended',
        },
      ],
    },
  ],

  // ---- API keys (docs/integrations.md) ----
  'POST api-keys': [
    {
      as: 'admin',
      req: () => ({ body: { name: 'Sistem Penggajian', scopes: ['recap:read'] } }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'api_key.create',
          actor: actorOf(w.admin),
          entity: 'ApiKey',
          entityId: res.body.apiKey.id,
          targetUserId: null,
          before: null,
          after: { name: 'Sistem Penggajian', prefix: res.body.key.slice(0, 11), scopes: ['recap:read'] },
        },
      ],
    },
  ],
  'DELETE api-keys/[id]': [
    {
      as: 'admin',
      prepare: async () =>
        void (await db.apiKey.create({
          data: { id: API_KEY_ID, name: 'Mesin Lobi', prefix: 'absk_abcdef', secretHash: 'f'.repeat(64), scopes: ['punches:write'] },
        })),
      req: () => ({ method: 'DELETE', params: { id: API_KEY_ID } }),
      rows: (w) => [
        {
          kind: 'api_key.revoke',
          actor: actorOf(w.admin),
          entity: 'ApiKey',
          entityId: API_KEY_ID,
          targetUserId: null,
          before: { name: 'Mesin Lobi', prefix: 'absk_abcdef', scopes: ['punches:write'] },
          after: null,
        },
      ],
    },
  ],

  // ---- Kiosks (docs/kiosk.md) ----
  'POST kiosks': [
    {
      as: 'admin',
      req: (w) => ({ body: { name: 'Kiosk Lobi', officeId: w.mainOfficeId } }),
      rows: (w, res) => [
        {
          kind: 'kiosk.create',
          actor: actorOf(w.admin),
          entity: 'Kiosk',
          entityId: res.body.kiosk.id,
          targetUserId: null,
          before: null,
          after: { name: 'Kiosk Lobi' },
        },
      ],
    },
  ],
  'PUT kiosks/[id]': [
    {
      as: 'admin',
      prepare: (w) => pairedKiosk(w),
      req: () => ({ method: 'PUT', params: { id: KIOSK_ID }, body: { name: 'Kiosk Gudang' } }),
      rows: (w) => [
        {
          kind: 'kiosk.rename',
          actor: actorOf(w.admin),
          entity: 'Kiosk',
          entityId: KIOSK_ID,
          targetUserId: null,
          before: { name: 'Kiosk Pintu' },
          after: { name: 'Kiosk Gudang' },
        },
      ],
    },
  ],
  'DELETE kiosks/[id]': [
    {
      as: 'admin',
      prepare: (w) => pairedKiosk(w),
      req: () => ({ method: 'DELETE', params: { id: KIOSK_ID } }),
      rows: (w) => [
        {
          kind: 'kiosk.revoke',
          actor: actorOf(w.admin),
          entity: 'Kiosk',
          entityId: KIOSK_ID,
          targetUserId: null,
          before: { name: 'Kiosk Pintu', paired: true },
          after: null,
        },
      ],
    },
  ],
  'POST kiosk/pair': [
    {
      as: 'anonymous',
      prepare: async (w) => {
        await db.kiosk.deleteMany({});
        await db.kiosk.create({
          data: {
            id: KIOSK_ID,
            name: 'Kiosk Baru',
            officeId: w.mainOfficeId,
            pairingCodeHash: await sha256Hex('ABCD2345'),
            pairingExpiresAt: new Date(Date.now() + 60_000),
          },
        });
      },
      req: () => ({ body: { code: 'ABCD2345' } }),
      rows: () => [
        {
          kind: 'kiosk.pair',
          actor: null,
          entity: 'Kiosk',
          entityId: KIOSK_ID,
          targetUserId: null,
          before: null,
          after: { name: 'Kiosk Baru' },
        },
      ],
    },
  ],
  'POST kiosk/identify': [
    {
      as: 'anonymous',
      // B's enrolment goes, so A is the one person with this face.
      prepare: async (w) => {
        await pairedKiosk(w);
        await db.faceProfile.delete({ where: { userId: w.b.user.id } });
      },
      req: () => ({ headers: KIOSK_AUTH, body: { faceDescriptor: DESCRIPTOR } }),
      rows: NONE,
    },
  ],
  'POST kiosk/punch': [
    {
      as: 'anonymous',
      prepare: async (w) => {
        await pairedKiosk(w);
        await openChallenge(w, 'check-in');
      },
      req: (w) => ({
        headers: KIOSK_AUTH,
        body: { userId: w.a.user.id, action: 'check-in', challengeId: CHALLENGE_ID, faceImage: PHOTO, faceDescriptor: DESCRIPTOR },
      }),
      rows: NONE,
    },
  ],
  'POST kiosk/not-me': [
    { as: 'anonymous', prepare: (w) => pairedKiosk(w), req: (w) => ({ headers: KIOSK_AUTH, body: { userId: w.a.user.id } }), rows: NONE },
  ],
  'POST kiosk/offline': [
    {
      as: 'anonymous',
      prepare: async (w) => {
        await pairedKiosk(w);
        offlineBody = { punches: [await offlinePunchOf(w)] };
      },
      req: () => ({ headers: KIOSK_AUTH, body: offlineBody }),
      rows: NONE,
    },
  ],

  // ---- Devices and faces ----
  'POST devices': [
    {
      as: 'a',
      req: () => ({ body: { name: 'Ponsel A', publicKey: DEVICE_KEY } }),
      rows: (w, res) => [
        {
          kind: 'device.register',
          actor: actorOf(w.a),
          entity: 'Device',
          entityId: res.body.id,
          targetUserId: w.a.user.id,
          before: null,
          after: { name: 'Ponsel A' },
        },
      ],
    },
  ],
  'DELETE devices/[id]': [
    {
      as: 'admin',
      prepare: async (w) =>
        void (await db.device.create({ data: { id: DEVICE_ID, userId: w.b.user.id, name: 'Ponsel B', publicKey: DEVICE_KEY } })),
      req: () => ({ method: 'DELETE', params: { id: DEVICE_ID } }),
      rows: (w) => [
        {
          kind: 'device.reset',
          actor: actorOf(w.admin),
          entity: 'Device',
          entityId: DEVICE_ID,
          targetUserId: w.b.user.id,
          before: { name: 'Ponsel B' },
          after: null,
        },
      ],
    },
  ],
  // Notifications (docs/notifications.md): one's own inbox and channels are not audited; the company's
  // settings, a resend and push subscriptions are.
  'POST notifications/read': [{ as: 'a', req: () => ({ body: { all: true } }), rows: NONE }],
  'PUT notifications/preferences': [
    { as: 'a', req: () => ({ method: 'PUT', body: { channels: [{ channel: 'push', enabled: false }] } }), rows: NONE },
  ],
  'PUT notifications/settings': [
    {
      as: 'admin',
      req: () => ({
        method: 'PUT',
        body: {
          emailEnabled: false,
          whatsappEnabled: false,
          pushEnabled: true,
          checkInReminder: true,
          checkInReminderMinutes: 20,
          checkOutReminder: false,
          checkOutReminderMinutes: 60,
          approverDigest: true,
          digestTime: '07:30',
          pendingLeaveEscalation: true,
        },
      }),
      rows: (w) => [
        {
          kind: 'settings.notifications',
          actor: actorOf(w.admin),
          entity: 'NotificationSettings',
          entityId: '1',
          targetUserId: null,
          before: { checkInReminderMinutes: 15, checkOutReminder: true, digestTime: '08:00' },
          after: { checkInReminderMinutes: 20, checkOutReminder: false, digestTime: '07:30' },
        },
      ],
    },
  ],
  // ---- Webhooks (docs/webhooks.md): the secret is never in a row ----
  'POST webhooks': [
    {
      as: 'admin',
      req: () => ({ body: { url: 'http://127.0.0.1:9/hook', events: ['leave.decided', 'period.closed'], allowPrivateNetwork: true } }),
      rows: (w, res) => [
        {
          kind: 'webhook.create',
          actor: actorOf(w.admin),
          entity: 'Webhook',
          entityId: res.body.webhook.id,
          targetUserId: null,
          before: null,
          after: { url: 'http://127.0.0.1:9/hook', events: ['leave.decided', 'period.closed'], allowPrivateNetwork: true, active: true },
        },
      ],
    },
  ],
  'PUT webhooks/[id]': [
    {
      as: 'admin',
      prepare: webhookAt,
      req: () => ({
        method: 'PUT',
        params: { id: WEBHOOK_ID },
        body: { url: 'https://hooks.example.com/b', events: ['period.closed'], active: false },
      }),
      rows: (w) => [
        {
          kind: 'webhook.update',
          actor: actorOf(w.admin),
          entity: 'Webhook',
          entityId: WEBHOOK_ID,
          targetUserId: null,
          before: { url: 'https://hooks.example.com/a', events: ['leave.decided'], active: true, allowPrivateNetwork: false },
          after: { url: 'https://hooks.example.com/b', events: ['period.closed'], active: false, allowPrivateNetwork: false },
        },
      ],
    },
  ],
  'DELETE webhooks/[id]': [
    {
      as: 'admin',
      prepare: webhookAt,
      req: () => ({ method: 'DELETE', params: { id: WEBHOOK_ID } }),
      rows: (w) => [
        {
          kind: 'webhook.delete',
          actor: actorOf(w.admin),
          entity: 'Webhook',
          entityId: WEBHOOK_ID,
          targetUserId: null,
          before: { url: 'https://hooks.example.com/a', events: ['leave.decided'] },
          after: null,
        },
      ],
    },
  ],
  'POST webhooks/deliveries/[id]/resend': [
    {
      as: 'admin',
      prepare: webhookAt,
      req: () => ({ method: 'POST', params: { id: WEBHOOK_DELIVERY_ID } }),
      rows: (w) => [
        {
          kind: 'webhook.resend',
          actor: actorOf(w.admin),
          entity: 'WebhookDelivery',
          entityId: WEBHOOK_DELIVERY_ID,
          targetUserId: null,
          before: { status: 'failed', attempts: 8 },
          after: { status: 'pending', webhookId: WEBHOOK_ID },
        },
      ],
    },
  ],
  'POST notifications/failed/[id]/resend': [
    {
      as: 'admin',
      prepare: async (w) => {
        const n = await db.notification.create({
          data: { userId: w.b.user.id, kind: 'face.not_enrolled', title: 'Wajah Anda belum terdaftar', body: '-' },
        });
        await db.notificationDelivery.create({
          data: {
            id: FAILED_DELIVERY_ID,
            notificationId: n.id,
            channel: 'whatsapp',
            status: 'failed',
            attempts: 8,
            lastError: 'WhatsApp gateway 500',
          },
        });
      },
      req: () => ({ method: 'POST', params: { id: FAILED_DELIVERY_ID } }),
      rows: (w) => [
        {
          kind: 'notification.resend',
          actor: actorOf(w.admin),
          entity: 'NotificationDelivery',
          entityId: FAILED_DELIVERY_ID,
          targetUserId: w.b.user.id,
          before: { status: 'failed', attempts: 8, lastError: 'WhatsApp gateway 500' },
          after: { status: 'pending' },
        },
      ],
    },
  ],
  'POST push/subscriptions': [
    {
      as: 'a',
      req: () => ({ body: PUSH_SUBSCRIPTION }),
      // A subscription created (the route's 201, as in the access matrix).
      status: 201,
      rows: (w, res) => [
        {
          kind: 'push.subscribe',
          actor: actorOf(w.a),
          entity: 'PushSubscription',
          entityId: res.body.id,
          targetUserId: w.a.user.id,
          before: null,
          after: { endpointHost: 'push.example.com' },
        },
      ],
    },
  ],
  'DELETE push/subscriptions/[id]': [
    {
      as: 'a',
      prepare: async (w) =>
        void (await db.pushSubscription.create({
          data: {
            id: PUSH_ID,
            userId: w.a.user.id,
            endpoint: 'https://push.example.com/hapus',
            p256dh: PUSH_SUBSCRIPTION.keys.p256dh,
            auth: PUSH_SUBSCRIPTION.keys.auth,
          },
        })),
      req: () => ({ method: 'DELETE', params: { id: PUSH_ID } }),
      rows: (w) => [
        {
          kind: 'push.unsubscribe',
          actor: actorOf(w.a),
          entity: 'PushSubscription',
          entityId: PUSH_ID,
          targetUserId: w.a.user.id,
          before: null,
          after: null,
        },
      ],
    },
  ],
  'POST face/enrol': [
    {
      as: 'hr',
      label: 'HR enrols their own face (three captures of one person)',
      timeoutMs: 300_000,
      prepare: async () => void (await db.settings.update({ where: { id: 1 }, data: { faceMatchThreshold: 0.5 } })),
      req: () => ({ body: { captures: faces.map((f) => ({ image: f.dataUrl, descriptor: f.descriptor })) } }),
      status: 201,
      rows: (w) => [
        {
          kind: 'face.enrol',
          actor: actorOf(w.hr),
          entity: 'FaceProfile',
          entityId: w.hr.user.id,
          targetUserId: w.hr.user.id,
          before: { status: 'none' },
          after: { status: 'active', photos: 3 },
        },
      ],
    },
  ],
  'POST face/enrolment/[userId]': [
    {
      as: 'hr',
      label: 'HR enrols employee A on an office device (A had no enrolment)',
      timeoutMs: 300_000,
      prepare: async (w) => {
        await db.settings.update({ where: { id: 1 }, data: { faceMatchThreshold: 0.5 } });
        await db.faceProfile.delete({ where: { userId: w.a.user.id } });
      },
      req: (w) => ({
        params: { userId: w.a.user.id },
        body: { captures: faces.map((f) => ({ image: f.dataUrl, descriptor: f.descriptor })) },
      }),
      status: 201,
      rows: (w) => [
        {
          kind: 'face.enrol',
          actor: actorOf(w.hr),
          entity: 'FaceProfile',
          entityId: w.a.user.id,
          targetUserId: w.a.user.id,
          before: { status: 'none' },
          after: { status: 'active', photos: 3, assisted: true },
        },
      ],
    },
  ],
  'POST face/enrolment/[userId]/reset': [
    {
      as: 'admin',
      req: (w) => ({ method: 'POST', params: { userId: w.b.user.id } }),
      rows: (w) => [
        {
          kind: 'face.reset',
          actor: actorOf(w.admin),
          entity: 'FaceProfile',
          entityId: w.b.user.id,
          targetUserId: w.b.user.id,
          before: { status: 'active', photos: 1 },
          after: { status: 'reset', photos: 0 },
        },
      ],
    },
  ],

  'POST face/status/remind': [
    {
      as: 'hr',
      // A has no enrolment any more; B's is active, so B is left out.
      prepare: async (w) => void (await db.faceProfile.delete({ where: { userId: w.a.user.id } })),
      req: (w) => ({ method: 'POST', body: { userIds: [w.a.user.id, w.b.user.id] } }),
      rows: (w) => [
        {
          kind: 'face.remind',
          actor: actorOf(w.hr),
          entity: 'User',
          entityId: null,
          targetUserId: null,
          before: null,
          after: { reminded: 1, skipped: 1, userIds: [w.a.user.id] },
        },
      ],
    },
  ],

  // ---- Calendar: holidays, schedules, roster ----
  'POST holidays': [
    {
      as: 'admin',
      req: () => ({ body: { date: '2026-11-30', name: 'Ulang Tahun Perusahaan', kind: 'libur_perusahaan' } }),
      rows: (w, res) => [
        {
          kind: 'holiday.create',
          actor: actorOf(w.admin),
          entity: 'Holiday',
          entityId: res.body.holiday.id,
          targetUserId: null,
          before: null,
          after: { date: '2026-11-30', name: 'Ulang Tahun Perusahaan' },
        },
      ],
    },
  ],
  'PUT holidays/[id]': [
    {
      as: 'admin',
      req: (w) => ({
        method: 'PUT',
        params: { id: w.holidayId },
        body: { date: '2026-12-31', name: 'Libur Akhir Tahun', kind: 'libur_perusahaan' },
      }),
      rows: (w) => [
        {
          kind: 'holiday.update',
          actor: actorOf(w.admin),
          entity: 'Holiday',
          entityId: w.holidayId,
          targetUserId: null,
          before: { date: '2026-12-24', name: 'Cuti Bersama Natal' },
          after: { date: '2026-12-31', name: 'Libur Akhir Tahun' },
        },
      ],
    },
  ],
  'DELETE holidays/[id]': [
    {
      as: 'admin',
      req: (w) => ({ method: 'DELETE', params: { id: w.holidayId } }),
      rows: (w) => [
        {
          kind: 'holiday.delete',
          actor: actorOf(w.admin),
          entity: 'Holiday',
          entityId: w.holidayId,
          targetUserId: null,
          before: { name: 'Cuti Bersama Natal' },
          after: null,
        },
      ],
    },
  ],
  'POST holidays/prefill': [
    {
      as: 'admin',
      req: () => ({ body: { year: 2031 } }),
      rows: (w, res) => [
        {
          kind: 'holiday.prefill',
          actor: actorOf(w.admin),
          entity: 'Holiday',
          entityId: null,
          targetUserId: null,
          before: null,
          after: { year: 2031, count: res.body.holidays.length },
        },
      ],
    },
  ],
  'POST schedules': [
    {
      as: 'admin',
      req: () => ({ body: { name: 'Shift Pagi', breakMinutes: 60, lateToleranceMinutes: 10, days: WEEK('06:00', '14:00') } }),
      rows: (w, res) => [
        {
          kind: 'schedule.create',
          actor: actorOf(w.admin),
          entity: 'WorkSchedule',
          entityId: res.body.schedule.id,
          targetUserId: null,
          before: null,
          after: { name: 'Shift Pagi' },
        },
      ],
    },
  ],
  'PUT schedules/[id]': [
    {
      as: 'admin',
      req: (w) => ({
        method: 'PUT',
        params: { id: w.scheduleId },
        body: { name: 'Shift Siang', breakMinutes: 30, lateToleranceMinutes: 5, days: WEEK('14:00', '22:00') },
      }),
      rows: (w) => [
        {
          kind: 'schedule.update',
          actor: actorOf(w.admin),
          entity: 'WorkSchedule',
          entityId: w.scheduleId,
          targetUserId: null,
          before: { name: 'Shift Uji' },
          after: { name: 'Shift Siang' },
        },
      ],
    },
  ],
  'DELETE schedules/[id]': [
    {
      as: 'admin',
      req: (w) => ({ method: 'DELETE', params: { id: w.scheduleId } }),
      rows: (w) => [
        {
          kind: 'schedule.delete',
          actor: actorOf(w.admin),
          entity: 'WorkSchedule',
          entityId: w.scheduleId,
          targetUserId: null,
          before: { name: 'Shift Uji' },
          after: null,
        },
      ],
    },
  ],
  'POST schedules/[id]/assign': [
    {
      as: 'hr',
      req: (w) => ({ params: { id: w.scheduleId }, body: { userIds: [w.a.user.id], startDate: '2026-12-01', endDate: '2026-12-31' } }),
      rows: (w, res) => [
        {
          kind: 'schedule.assign',
          actor: actorOf(w.hr),
          entity: 'ScheduleAssignment',
          entityId: res.body.assignments[0].id,
          targetUserId: w.a.user.id,
          before: null,
          after: { scheduleId: w.scheduleId, startDate: '2026-12-01', endDate: '2026-12-31' },
        },
      ],
    },
  ],
  'DELETE schedules/assignments/[id]': [
    {
      as: 'hr',
      req: (w) => ({ method: 'DELETE', params: { id: w.assignmentId } }),
      rows: (w) => [
        {
          kind: 'schedule.unassign',
          actor: actorOf(w.hr),
          entity: 'ScheduleAssignment',
          entityId: w.assignmentId,
          targetUserId: w.b.user.id,
          before: { scheduleId: w.scheduleId, startDate: '2026-12-01' },
          after: null,
        },
      ],
    },
  ],
  'PUT roster': [
    {
      as: 'hr',
      req: (w) => ({ method: 'PUT', body: { cells: [{ userId: w.b.user.id, date: '2026-11-28', start: '08:00', end: '12:00' }] } }),
      rows: (w) => [
        {
          kind: 'roster.update',
          actor: actorOf(w.hr),
          entity: 'RosterEntry',
          entityId: `${w.b.user.id}|2026-11-28`,
          targetUserId: w.b.user.id,
          before: null,
          after: { date: '2026-11-28', start: '08:00', end: '12:00' },
        },
      ],
    },
  ],

  // Tukar Jadwal (docs/calendar.md): an own shift change for tomorrow, then HR's approval writes its cell.
  'POST roster/swaps': [
    {
      as: 'a',
      status: 201,
      req: () => ({ body: { date: addDays(today(), 1), start: '10:00', end: '19:00', reason: 'Antar anak sekolah' } }),
      rows: (w, res) => [
        {
          kind: 'roster.swap_request',
          actor: actorOf(w.a),
          entity: 'RosterSwap',
          entityId: res.body.id,
          targetUserId: w.a.user.id,
          before: null,
          after: { date: addDays(today(), 1), partnerId: null, start: '10:00', end: '19:00', status: 'menunggu_persetujuan' },
          note: 'Antar anak sekolah',
        },
      ],
    },
  ],
  'PUT roster/swaps/[id]/status': [
    {
      as: 'hr',
      prepare: async (w) => {
        const row = await db.rosterSwap.create({
          data: {
            requesterId: w.b.user.id,
            date: dateKeyToDate(addDays(today(), 1)),
            start: '10:00',
            end: '19:00',
            reason: 'Antar anak sekolah',
          },
        });
        made.swap = row.id;
      },
      req: () => ({ method: 'PUT', params: { id: made.swap! }, body: { action: 'approve' } }),
      rows: (w) => [
        {
          kind: 'roster.swap_approve',
          actor: actorOf(w.hr),
          entity: 'RosterSwap',
          entityId: made.swap!,
          targetUserId: w.b.user.id,
          before: { status: 'menunggu_persetujuan' },
          after: {
            status: 'approved',
            date: addDays(today(), 1),
            cells: [expect.objectContaining({ userId: w.b.user.id, start: '10:00', end: '19:00' })],
          },
        },
      ],
    },
  ],

  // ---- Offices and settings ----
  'POST offices': [
    {
      as: 'admin',
      req: () => ({ body: OFFICE_BODY }),
      rows: (w, res) => [
        {
          kind: 'office.create',
          actor: actorOf(w.admin),
          entity: 'Office',
          entityId: res.body.office.id,
          targetUserId: null,
          before: null,
          after: { name: 'Cabang Makassar', radius: 150 },
        },
      ],
    },
  ],
  'PUT terminals/[id]': [
    {
      as: 'admin',
      prepare: () => pendingTerminal(TERMINAL_IDS[0], 'TRAIL0001'),
      req: (w) => ({
        method: 'PUT',
        params: { id: TERMINAL_IDS[0] },
        body: { name: 'Pintu Depan', officeId: w.mainOfficeId, accepted: true },
      }),
      rows: (w) => [
        {
          kind: 'terminal.accept',
          actor: actorOf(w.admin),
          entity: 'Terminal',
          entityId: TERMINAL_IDS[0],
          targetUserId: null,
          before: { serialNumber: 'TRAIL0001', status: 'pending', officeId: null, name: null },
          after: { serialNumber: 'TRAIL0001', status: 'accepted', officeId: w.mainOfficeId, name: 'Pintu Depan' },
        },
      ],
    },
  ],
  'DELETE terminals/[id]': [
    {
      as: 'admin',
      prepare: () => pendingTerminal(TERMINAL_IDS[1], 'TRAIL0002'),
      req: () => ({ method: 'DELETE', params: { id: TERMINAL_IDS[1] } }),
      rows: (w) => [
        {
          kind: 'terminal.delete',
          actor: actorOf(w.admin),
          entity: 'Terminal',
          entityId: TERMINAL_IDS[1],
          targetUserId: null,
          before: { serialNumber: 'TRAIL0002', status: 'pending' },
          after: null,
        },
      ],
    },
  ],
  'POST attendance/import': [
    {
      as: 'hr',
      req: (w) => ({
        body: {
          filename: 'attlog.dat',
          file: `data:text/plain;base64,${Buffer.from('4242\t2026-11-02 08:00:00\t0\t1\t0\t0\n').toString('base64')}`,
          officeId: w.mainOfficeId,
        },
      }),
      rows: (w) => [
        {
          kind: 'attendance.import',
          actor: actorOf(w.hr),
          entity: 'MachinePunch',
          entityId: null,
          targetUserId: null,
          before: null,
          after: { filename: 'attlog.dat', format: 'attlog', officeId: w.mainOfficeId, new: 1, unknownPins: 1, duplicates: 0, days: 0 },
        },
      ],
    },
  ],
  'PUT offices/[id]': [
    {
      as: 'admin',
      req: (w) => ({ method: 'PUT', params: { id: w.branchId }, body: { ...OFFICE_BODY, name: 'Cabang Surabaya', radius: 80 } }),
      rows: (w) => [
        {
          kind: 'office.update',
          actor: actorOf(w.admin),
          entity: 'Office',
          entityId: w.branchId,
          targetUserId: null,
          before: { name: 'Cabang Kosong', radius: 100 },
          after: { name: 'Cabang Surabaya', radius: 80 },
        },
      ],
    },
  ],
  'DELETE offices/[id]': [
    {
      as: 'admin',
      req: (w) => ({ method: 'DELETE', params: { id: w.branchId } }),
      rows: (w) => [
        {
          kind: 'office.delete',
          actor: actorOf(w.admin),
          entity: 'Office',
          entityId: w.branchId,
          targetUserId: null,
          before: { name: 'Cabang Kosong' },
          after: null,
        },
      ],
    },
  ],
  'PUT settings/office-location': [
    {
      as: 'admin',
      req: () => ({
        method: 'PUT',
        body: { officeLocation: { latitude: -6.2, longitude: 106.8, radius: 150, address: 'Jl. Sudirman 1' } },
      }),
      rows: (w) => [
        {
          kind: 'office.update',
          actor: actorOf(w.admin),
          entity: 'Office',
          entityId: w.mainOfficeId,
          targetUserId: null,
          before: { radius: 100 },
          after: { radius: 150, address: 'Jl. Sudirman 1' },
        },
      ],
    },
  ],
  'PUT settings': [
    {
      as: 'admin',
      req: () => ({ method: 'PUT', body: { companyName: 'PT Jejak Audit', workingHours: { start: '08:30', end: '17:30' } } }),
      rows: (w) => [
        {
          kind: 'settings.update',
          actor: actorOf(w.admin),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { workingHours: { start: '08:00', end: '17:00' } },
          after: { companyName: 'PT Jejak Audit', workingHours: { start: '08:30', end: '17:30' } },
        },
      ],
    },
  ],
  'PUT settings/anti-fraud': [
    {
      as: 'admin',
      req: () => ({ method: 'PUT', body: { locationAccuracyMaxM: 150, clockSkewMaxMinutes: 5, devicePolicy: 'require' } }),
      rows: (w) => [
        {
          kind: 'settings.anti_fraud',
          actor: actorOf(w.admin),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { devicePolicy: 'flag' },
          after: { devicePolicy: 'require', locationAccuracyMaxM: 150 },
        },
      ],
    },
  ],
  'PUT settings/cuti-bersama-policy': [
    {
      as: 'admin',
      req: () => ({ method: 'PUT', body: { cutiBersamaPolicy: 'libur' } }),
      rows: (w) => [
        {
          kind: 'settings.cuti_bersama_policy',
          actor: actorOf(w.admin),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { cutiBersamaPolicy: 'potong_cuti' },
          after: { cutiBersamaPolicy: 'libur' },
        },
      ],
    },
  ],
  'PUT settings/employee-working-hours': [
    {
      as: 'admin',
      req: (w) => ({ method: 'PUT', body: { userId: w.a.user.id, start: '07:00', end: '15:00' } }),
      rows: (w) => [
        {
          kind: 'schedule.employee_hours',
          actor: actorOf(w.admin),
          entity: 'User',
          entityId: w.a.user.id,
          targetUserId: w.a.user.id,
          before: { scheduleId: null },
          after: { scheduleId: expect.any(String) as never, hours: { start: '07:00', end: '15:00' } },
        },
      ],
    },
  ],
  'PUT settings/leave-policy': [
    {
      as: 'admin',
      req: () => ({
        method: 'PUT',
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
      rows: (w) => [
        {
          kind: 'settings.leave_policy',
          actor: actorOf(w.admin),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { employeeCancelApproved: false },
          after: { grantBasis: 'ulang_tahun_kerja', carryOverMaxDays: 6, employeeCancelApproved: true },
        },
      ],
    },
  ],
  'PUT settings/overtime': [
    {
      as: 'admin',
      req: () => ({ method: 'PUT', body: { roundingMinutes: 15 } }),
      rows: (w) => [
        {
          kind: 'settings.overtime',
          actor: actorOf(w.admin),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { roundingMinutes: 30 },
          after: { roundingMinutes: 15 },
        },
      ],
    },
  ],
  'PUT settings/registration': [
    {
      as: 'admin',
      req: () => ({ method: 'PUT', body: { policy: 'domains', domains: ['kantor.co.id'] } }),
      rows: (w) => [
        {
          kind: 'settings.registration',
          actor: actorOf(w.admin),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { policy: 'open' },
          after: { policy: 'domains', domains: ['kantor.co.id'] },
        },
      ],
    },
  ],

  // ---- Leave ----
  'POST leave-types': [
    {
      as: 'admin',
      req: () => ({ body: { name: 'Cuti Ibadah Haji', category: 'cuti', maxDays: 40, calendarDays: true } }),
      rows: (w, res) => [
        {
          kind: 'leave_type.create',
          actor: actorOf(w.admin),
          entity: 'LeaveTypeConfig',
          entityId: res.body.id,
          targetUserId: null,
          before: null,
          after: { name: 'Cuti Ibadah Haji', maxDays: 40 },
        },
      ],
    },
  ],
  'PUT leave-types/[id]': [
    {
      as: 'admin',
      req: (w) => ({
        method: 'PUT',
        params: { id: w.sickTypeId },
        body: { name: 'Sakit', category: 'sakit', halfDayAllowed: false, attachmentRequired: true, attachmentFromDays: 3 },
      }),
      rows: (w) => [
        {
          kind: 'leave_type.update',
          actor: actorOf(w.admin),
          entity: 'LeaveTypeConfig',
          entityId: w.sickTypeId,
          targetUserId: null,
          before: { code: 'sakit', halfDayAllowed: true, attachmentFromDays: 2 },
          after: { code: 'sakit', halfDayAllowed: false, attachmentFromDays: 3 },
        },
      ],
    },
  ],
  'POST leaves/apply': [
    {
      as: 'a',
      req: (w) => ({
        body: {
          userId: w.a.user.id,
          type: 'lainnya',
          startDate: addDays(today(), 20),
          endDate: addDays(today(), 26),
          reason: 'Acara keluarga di kampung halaman',
        },
      }),
      status: 201,
      rows: NONE,
    },
    {
      as: 'hr',
      label: "HR files B's sick leave of the last working day on B's behalf",
      // B joined a month ago (an account made today starts its calendar today), and the day is the last
      // working day before today of the world's week and holidays, whatever weekday the test runs on.
      prepare: (w) => joinedMonthAgo(w.b),
      req: (w) => ({
        body: {
          userId: w.b.user.id,
          type: 'sakit',
          startDate: lastWorkingDay(),
          endDate: lastWorkingDay(),
          reason: 'Demam tinggi, izin lewat telepon',
        },
      }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'leave.file_on_behalf',
          actor: actorOf(w.hr),
          entity: 'LeaveRequest',
          entityId: res.body.id,
          targetUserId: w.b.user.id,
          before: null,
          after: { type: 'sakit', startDate: lastWorkingDay(), endDate: lastWorkingDay(), attachment: false },
          note: 'Demam tinggi, izin lewat telepon',
        },
      ],
    },
  ],
  'PUT leaves/[id]/status': [
    {
      as: 'hr',
      req: (w) => ({ method: 'PUT', params: { id: w.leave.b }, body: { status: 'approved', note: 'Silakan' } }),
      rows: (w) => [
        {
          kind: 'leave.approve',
          actor: actorOf(w.hr),
          entity: 'LeaveRequest',
          entityId: w.leave.b,
          targetUserId: w.b.user.id,
          before: { status: 'pending' },
          after: { status: 'approved', step: 'hr', days: 2 },
          note: 'Silakan',
        },
      ],
    },
  ],
  'POST leaves/[id]/cancel': [
    {
      as: 'a',
      label: 'the employee withdraws a pending request',
      req: (w) => ({ params: { id: w.leave.a }, body: { note: 'Tidak jadi' } }),
      rows: (w) => [
        {
          kind: 'leave.cancel',
          actor: actorOf(w.a),
          entity: 'LeaveRequest',
          entityId: w.leave.a,
          targetUserId: w.a.user.id,
          before: { status: 'pending' },
          after: { status: 'cancelled', step: 'batal' },
          note: 'Tidak jadi',
        },
      ],
    },
    {
      as: 'hr',
      label: "HR cancels B's pending request",
      req: (w) => ({ params: { id: w.leave.b }, body: {} }),
      rows: (w) => [
        {
          kind: 'leave.cancel',
          actor: actorOf(w.hr),
          entity: 'LeaveRequest',
          entityId: w.leave.b,
          targetUserId: w.b.user.id,
          before: { status: 'pending' },
          after: { status: 'cancelled', step: 'batal' },
          note: null,
        },
      ],
    },
  ],
  'POST leaves/balance/[userId]/adjust': [
    {
      as: 'hr',
      req: (w) => ({ params: { userId: w.b.user.id }, body: { days: 2, reason: 'Kompensasi lembur' } }),
      rows: (w, res) => [
        {
          kind: 'leave.balance_adjust',
          actor: actorOf(w.hr),
          entity: 'LeaveLedgerEntry',
          entityId: expect.any(String) as never,
          targetUserId: w.b.user.id,
          before: { balance: res.body.annual.balance - 2 },
          after: { balance: res.body.annual.balance, days: 2 },
          note: 'Kompensasi lembur',
        },
      ],
    },
  ],

  // ---- Overtime ----
  'POST overtime': [
    {
      as: 'a',
      label: 'an own request',
      req: () => ({ body: { date: nextSaturday(), startTime: '09:00', endTime: '12:00', reason: 'Stok opname gudang' } }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'overtime.request',
          actor: actorOf(w.a),
          entity: 'OvertimeRequest',
          entityId: res.body.id,
          targetUserId: w.a.user.id,
          before: null,
          after: { date: nextSaturday(), startTime: '09:00', endTime: '12:00', minutes: 180 },
        },
      ],
    },
    {
      as: 'hr',
      label: 'an assignment',
      req: (w) => ({
        body: { userId: w.b.user.id, date: nextSaturday(), startTime: '09:00', endTime: '12:00', reason: 'Stok opname gudang' },
      }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'overtime.assign',
          actor: actorOf(w.hr),
          entity: 'OvertimeRequest',
          entityId: res.body.id,
          targetUserId: w.b.user.id,
          before: null,
          after: { date: nextSaturday(), minutes: 180 },
        },
      ],
    },
    {
      as: 'hr',
      label: "overtime B worked yesterday evening, recorded on B's behalf",
      req: (w) => ({
        body: { userId: w.b.user.id, onBehalf: true, date: nextSaturday(), startTime: '13:00', endTime: '15:00', reason: 'Bongkar muatan' },
      }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'overtime.file_on_behalf',
          actor: actorOf(w.hr),
          entity: 'OvertimeRequest',
          entityId: res.body.id,
          targetUserId: w.b.user.id,
          before: null,
          after: { date: nextSaturday(), minutes: 120 },
        },
      ],
    },
  ],
  // ---- Approvals: delegates and settings ----
  'POST delegates': [
    {
      as: 'hr',
      prepare: async (w) => void (await db.user.update({ where: { id: w.b.user.id }, data: { supervisorId: w.a.user.id } })),
      req: (w) => ({ body: { supervisorId: w.a.user.id, delegateId: w.hr.user.id, startDate: today(), endDate: addDays(today(), 6) } }),
      status: 201,
      rows: (w, res) => [
        {
          kind: 'approval.delegate',
          actor: actorOf(w.hr),
          entity: 'SupervisorDelegate',
          entityId: res.body.id,
          targetUserId: w.a.user.id,
          before: null,
          after: { delegateId: w.hr.user.id, startDate: today(), endDate: addDays(today(), 6) },
        },
      ],
    },
  ],
  'DELETE delegates/[id]': [
    {
      as: 'a',
      prepare: async (w) =>
        void (made.delegate = (
          await db.supervisorDelegate.create({
            data: {
              supervisorId: w.a.user.id,
              delegateId: w.hr.user.id,
              startDate: dateKeyToDate(today()),
              endDate: dateKeyToDate(today()),
            },
          })
        ).id),
      req: () => ({ method: 'DELETE', params: { id: made.delegate! } }),
      rows: (w) => [
        {
          kind: 'approval.delegate_remove',
          actor: actorOf(w.a),
          entity: 'SupervisorDelegate',
          entityId: made.delegate!,
          targetUserId: w.a.user.id,
          before: { delegateId: w.hr.user.id, startDate: today(), endDate: today() },
          after: null,
        },
      ],
    },
  ],
  'PUT settings/approvals': [
    {
      as: 'hr',
      req: () => ({ method: 'PUT', body: { singleStep: true, escalationDays: 2 } }),
      rows: (w) => [
        {
          kind: 'settings.approvals',
          actor: actorOf(w.hr),
          entity: 'Settings',
          entityId: '1',
          targetUserId: null,
          before: { singleStep: false, escalationDays: 3 },
          after: { singleStep: true, escalationDays: 2 },
        },
      ],
    },
  ],
  'PUT overtime/[id]/status': [
    {
      as: 'hr',
      prepare: (w) => overtimeOfB(w, 'request'),
      req: () => ({ method: 'PUT', params: { id: made.overtime! }, body: { status: 'approved' } }),
      rows: (w) => [
        {
          kind: 'overtime.approve',
          actor: actorOf(w.hr),
          entity: 'OvertimeRequest',
          entityId: made.overtime!,
          targetUserId: w.b.user.id,
          before: { status: 'pending' },
          after: { status: 'approved', minutes: 180 },
        },
      ],
    },
  ],
  'POST overtime/[id]/consent': [
    {
      as: 'b',
      prepare: (w) => overtimeOfB(w, 'assignment'),
      req: () => ({ params: { id: made.overtime! }, body: { accept: true } }),
      rows: (w) => [
        {
          kind: 'overtime.consent',
          actor: actorOf(w.b),
          entity: 'OvertimeRequest',
          entityId: made.overtime!,
          targetUserId: w.b.user.id,
          before: { status: 'pending' },
          after: { accepted: true, minutes: 180 },
        },
      ],
    },
  ],

  // 300 payable minutes on a rest day (5-day week: 300 × 2 = 10 equivalent hours) → ⌊300 / 240⌋ × 0.5 = 0.5 day.
  'POST overtime/[id]/convert': [
    {
      as: 'b',
      prepare: (w) => workedOvertimeOfB(w),
      req: () => ({ params: { id: made.overtime! } }),
      rows: (w) => [
        {
          kind: 'overtime.convert',
          actor: actorOf(w.b),
          entity: 'OvertimeRequest',
          entityId: made.overtime!,
          targetUserId: w.b.user.id,
          before: { paidMinutes: 300, equivalentHours: 10 },
          after: { paidMinutes: 0, leaveDays: 0.5, expiresAt: addDays(made.overtimeDate!, 90) },
        },
      ],
    },
  ],

  // ---- Periods ----
  'POST periods/[month]/close': [
    {
      as: 'admin',
      req: () => ({ params: { month: '2025-11' }, body: { override: true, reason: 'Tutup buku akhir bulan' } }),
      rows: (w) => [
        {
          kind: 'period.close',
          actor: actorOf(w.admin),
          entity: 'Period',
          entityId: '2025-11',
          targetUserId: null,
          before: { status: 'open' },
          after: { status: 'closed', reason: 'Tutup buku akhir bulan' },
        },
      ],
    },
  ],
  'POST periods/[month]/reopen': [
    {
      as: 'admin',
      prepare: async () =>
        void (await db.period.upsert({
          where: { month: '2025-10' },
          create: { month: '2025-10', status: 'closed' },
          update: { status: 'closed' },
        })),
      req: () => ({ params: { month: '2025-10' }, body: { reason: 'Koreksi data' } }),
      rows: (w) => [
        {
          kind: 'period.reopen',
          actor: actorOf(w.admin),
          entity: 'Period',
          entityId: '2025-10',
          targetUserId: null,
          before: { status: 'closed' },
          after: { status: 'open' },
          note: 'Koreksi data',
        },
      ],
    },
  ],

  // ---- Benchmark baseline (absent unless ENABLE_BENCH_ROUTES=1; switched on for this case) ----
  'POST bench/echo': [{ as: 'anonymous', req: () => ({ body: { a: 1 } }), rows: NONE }],
};

let faces: Awaited<ReturnType<typeof faceFixture>>[] = [];
let handlers = new Map<string, RouteHandler>();

/** docs/audit.md, "Not audited": each bullet names one route (`METHOD dir`) and gives the reason after it. */
function notAuditedInDocs(): Map<string, string> {
  const doc = readFileSync(path.join(process.cwd(), 'docs', 'audit.md'), 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith('Not audited'));
  if (!section) return new Map();
  const listed = new Map<string, string>();
  for (const m of section.matchAll(/^- `((?:POST|PUT|PATCH|DELETE) [^`]+)`:\s*(.*)$/gm)) listed.set(m[1]!, m[2]!.trim());
  return listed;
}
const documentedKinds = () => readFileSync(path.join(process.cwd(), 'docs', 'audit.md'), 'utf8');

beforeAll(async () => {
  handlers = await loadHandlers(MUTATING_METHODS);
  faces = await Promise.all(['person-a-1.jpg', 'person-a-2.jpg', 'person-a-3.jpg'].map(faceFixture));
}, 120_000);

// Each case's world: made once, then restored from a copy (tests/world-copy.ts).
const freshWorld = reusableWorld(makeWorld);

async function makeWorld(): Promise<World> {
  await db.user.deleteMany({});
  await db.loginAttempt.deleteMany({});
  await db.settings.deleteMany({});
  await db.settings.create({ data: { id: 1 } });
  await db.period.deleteMany({});
  await db.payrollPreset.deleteMany({});
  await configureMainOffice({ ...OFFICE, radius: 100, address: null, timezone: TZ });
  const main = await getMainOffice();
  await db.office.deleteMany({ where: { id: { not: main.id } } });
  await db.workSchedule.deleteMany({ where: { isDefault: false } });
  await db.holiday.deleteMany({});
  await db.division.deleteMany({});
  await db.apiKey.deleteMany({});
  const admin = await createUser({ role: 'admin', name: 'Admin Jejak' });
  const hr = await createUser({ role: 'hr', name: 'HR Jejak' });
  const a = await createUser({ name: 'Karyawan A', email: uniqueEmail('a') });
  const b = await createUser({ name: 'Karyawan B', email: uniqueEmail('b') });
  const branch = await db.office.create({
    data: { name: 'Cabang Kosong', latitude: -7.25, longitude: 112.75, radius: 100, timezone: 'Asia/Jakarta' },
  });
  const schedule = await db.workSchedule.create({ data: { name: 'Shift Uji', days: { create: WEEK('07:00', '15:00') } } });
  const assignment = await db.scheduleAssignment.create({
    data: { userId: b.user.id, scheduleId: schedule.id, startDate: dateKeyToDate('2026-12-01') },
  });
  const holiday = await db.holiday.create({
    data: { date: dateKeyToDate(WORLD_HOLIDAY), name: 'Cuti Bersama Natal', kind: 'cuti_bersama' },
  });
  const sick = await db.leaveTypeConfig.findUniqueOrThrow({ where: { code: 'sakit' } });
  await enrolFace(a.user.id, DESCRIPTOR);
  await enrolFace(b.user.id, DESCRIPTOR);
  await db.faceEnrolmentPhoto.create({
    data: {
      userId: b.user.id,
      position: 1,
      mime: 'image/jpeg',
      size: 4,
      data: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]),
      descriptor: DESCRIPTOR,
    },
  });
  const att = await db.attendance.create({
    data: {
      userId: b.user.id,
      workDate: dateKeyToDate(yesterday()),
      checkInAt: new Date(Date.now() - 86_400_000),
      checkInLatitude: INSIDE.latitude,
      checkInLongitude: INSIDE.longitude,
      checkInDistance: 30,
      faceCheckStatus: 'flagged',
      faceCheckReason: 'Wajah tidak cocok',
    },
  });
  const leave = {} as Record<'a' | 'b', string>;
  for (const [k, m] of [
    ['a', a],
    ['b', b],
  ] as const) {
    const row = await db.leaveRequest.create({
      data: {
        userId: m.user.id,
        type: 'lainnya',
        startDate: dateKeyToDate(addDays(today(), 5)),
        endDate: dateKeyToDate(addDays(today(), 6)),
        days: 2,
        reason: 'Keperluan keluarga penting',
      },
    });
    leave[k] = row.id;
  }
  return {
    admin,
    hr,
    a,
    b,
    attendanceB: att.id,
    leave,
    mainOfficeId: main.id,
    branchId: branch.id,
    scheduleId: schedule.id,
    assignmentId: assignment.id,
    holidayId: holiday.id,
    sickTypeId: sick.id,
  };
}

const audited = (cases: Case[]) => cases.some((c) => c.rows !== NONE);

describe('audit trail, route by route', () => {
  it('every mutating route has a case; a route that writes no row is listed with its reason in docs/audit.md, and only such a route', () => {
    const onDisk = [...handlers.keys()].sort();
    expect(onDisk.length).toBeGreaterThan(40);
    expect(
      onDisk.filter((k) => !(k in CASES)),
      'mutating routes without a case here: give each the audit row it writes (or list it under "Not audited" in docs/audit.md with the reason, and add a case proving it writes none)',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !handlers.has(k)),
      'cases without a route',
    ).toEqual([]);
    const listed = notAuditedInDocs();
    const silent = Object.entries(CASES)
      .filter(([, cases]) => !audited(cases))
      .map(([k]) => k)
      .sort();
    expect([...listed.keys()].sort(), 'docs/audit.md "Not audited" must list exactly the routes that write no row').toEqual(silent);
    for (const [key, reason] of listed) expect(reason.length, `${key}: the reason it is not audited`).toBeGreaterThan(20);
  });

  for (const [key, cases] of Object.entries(CASES)) {
    for (const c of cases) {
      it(`${key} as ${c.as}${c.label ? ` (${c.label})` : ''}`, { timeout: c.timeoutMs }, async () => {
        const handler = handlers.get(key);
        expect(handler, `no handler for ${key}`).toBeDefined();
        const w = await freshWorld();
        await c.prepare?.(w);
        const method = key.split(' ')[0]!;
        const last = (await db.auditLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? BigInt(0);
        const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
        const bench = key === 'POST bench/echo';
        if (bench) {
          process.env.ENABLE_BENCH_ROUTES = '1';
          resetEnvCache();
        }
        const res = await call(handler!, {
          method,
          path: `/api/${key.split(' ')[1]}`,
          ...c.req(w),
          ip,
          ...(c.as === 'anonymous' ? {} : { token: w[c.as].token }),
        }).finally(() => {
          if (bench) {
            delete process.env.ENABLE_BENCH_ROUTES;
            resetEnvCache();
          }
        });
        expect(res.status, `${key}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(c.status ?? 200);
        const rows = await db.auditLog.findMany({ where: { id: { gt: last } }, orderBy: { id: 'asc' } });
        const expected = await c.rows(w, res);
        expect(
          rows.map((r) => r.kind),
          `${key}: the kinds written`,
        ).toEqual(expected.map((e) => e.kind));
        const doc = documentedKinds();
        expected.forEach((e, i) => {
          const row = rows[i]!;
          const where = `${key}: row ${i + 1} (${e.kind})`;
          expect({ actorId: row.actorId, actorName: row.actorName, actorRole: row.actorRole }, `${where}: actor`).toEqual({
            actorId: e.actor?.id ?? null,
            actorName: e.actor?.name ?? null,
            actorRole: e.actor?.role ?? null,
          });
          expect({ entity: row.entity, entityId: row.entityId, targetUserId: row.targetUserId }, `${where}: subject`).toEqual({
            entity: e.entity,
            entityId: e.entityId,
            targetUserId: e.targetUserId,
          });
          for (const side of ['before', 'after'] as const) {
            if (e[side] === null) expect(row[side], `${where}: ${side}`).toBeNull();
            else expect(row[side], `${where}: ${side}`).toMatchObject(e[side]!);
          }
          // A change shows itself: where both sides are kept, they differ.
          if (row.before !== null && row.after !== null)
            expect(JSON.stringify(row.after), `${where}: before and after are the same`).not.toBe(JSON.stringify(row.before));
          if (e.note !== undefined) expect(row.note, `${where}: note`).toBe(e.note);
          expect(row.ip, `${where}: the caller's address`).toBe(ip);
          expect(doc.includes(`\`${e.kind}\``), `${e.kind}: not described in docs/audit.md`).toBe(true);
        });
      });
    }
  }
});
