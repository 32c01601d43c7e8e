// Factories and a route caller for integration tests: handlers are called as Next would call them.
import { NextRequest } from 'next/server';
import type { LivenessStep } from '@/features/face/lib/liveness';
import { genuineFrames } from './liveness-frames';
import { randomBytes } from 'node:crypto';
import { db } from '@/lib/server/db';
import bcrypt from 'bcryptjs';
import { signToken } from '@/lib/server/auth/token';
import type { Role } from '@/lib/roles';
import { PEER_HEADER } from '@/lib/server/client-ip';
import { addDays, dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { calendarDays } from '@/features/calendar/server/calendar';

export const TEST_PASSWORD = 'Rahasia123';
/**
 * The test users' password hash, made once per file at bcrypt's lowest work factor (4). A hash carries its
 * own cost, so logging in checks it exactly as the app checks its own cost-10 hashes (lib/server/auth/password.ts),
 * in about 1 ms instead of 80 in plain JavaScript on this kind of machine: the login tests try hundreds of
 * passwords. Accounts the app itself creates (registration, import, password changes) keep cost 10.
 */
let cachedHash: Promise<string> | undefined;

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(5).toString('hex')}@test.local`;
}

export async function createUser(
  opts: { role?: Role; name?: string; email?: string; position?: string; createdAt?: Date; onPayroll?: boolean } = {},
) {
  cachedHash ??= bcrypt.hash(TEST_PASSWORD, 4);
  const user = await db.user.create({
    data: {
      name: opts.name ?? 'Pengguna Uji',
      email: opts.email ?? uniqueEmail(opts.role ?? 'employee'),
      position: opts.position ?? 'Staf',
      role: opts.role ?? 'employee',
      // As the app creates accounts: employees and HR on the payroll, admin accounts not (docs/recap.md).
      onPayroll: opts.onPayroll ?? (opts.role ?? 'employee') !== 'admin',
      passwordHash: await cachedHash,
      ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    },
  });
  const token = signToken({ sub: user.id, role: user.role, tv: user.tokenVersion });
  return { user, token };
}

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

export async function call(
  handler: Handler,
  opts: {
    method?: string;
    path?: string;
    body?: unknown;
    rawBody?: string | ReadableStream<Uint8Array>;
    token?: string;
    params?: Record<string, string>;
    headers?: Record<string, string>;
    ip?: string;
  } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  // The socket address, as the server process stamps it on every request (lib/server/client-ip.ts).
  if (opts.ip) headers[PEER_HEADER] = opts.ip;
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const init = {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  };
  const req = new NextRequest(new URL(opts.path ?? '/api/test', 'http://localhost'), init as ConstructorParameters<typeof NextRequest>[1]);
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/**
 * A check-in or check-out as the browser makes it: first a one-time challenge (POST
 * /attendance/challenge), then the punch carrying its id and, when the challenge asks for movement and
 * the body carries a descriptor but no `liveness`, a genuine answer (tests/liveness-frames.ts, frames
 * 1 ms apart: 13 ms of capture, so the punch waits that long after the challenge, as a capture would).
 * A body that names its own challengeId, or a call without a token, goes out as it is.
 */
export async function punchCall(
  handler: Handler,
  action: 'check-in' | 'check-out' | 'break-start' | 'break-end',
  opts: Parameters<typeof call>[1] = {},
) {
  const body = opts.body as Record<string, unknown> | undefined;
  if (opts.token && body && typeof body === 'object' && !('challengeId' in body)) {
    const { POST } = await import('@/app/api/attendance/challenge/route');
    const challenge = await call(POST, { token: opts.token, body: { action } });
    if (challenge.status === 200) {
      const answer =
        Array.isArray(body.faceDescriptor) && !('liveness' in body)
          ? await livenessAnswer(challenge.body.steps, body.faceDescriptor as number[])
          : {};
      return call(handler, { ...opts, body: { ...body, challengeId: challenge.body.id, ...answer } });
    }
  }
  return call(handler, opts);
}

/**
 * The `liveness` field of a genuine answer to a challenge's steps (none when it asks for no movement):
 * frames 1 ms apart, 13 ms of capture; waits 15 ms first, as the capture would (a capture cannot last
 * longer than the time since the challenge was issued).
 */
export async function livenessAnswer(
  steps: readonly string[],
  descriptor: number[],
): Promise<{ liveness?: { frames: ReturnType<typeof genuineFrames> } }> {
  if (!steps.length) return {};
  await new Promise((r) => setTimeout(r, 15));
  return { liveness: { frames: genuineFrames(steps as LivenessStep[], descriptor, steps as LivenessStep[], 1) } };
}

/** Face fixtures (tests/fixtures/faces): photos and the server engine's descriptor of each. */
export const FACE_FIXTURES = new URL('./fixtures/faces/', import.meta.url);
export async function faceFixture(name: string): Promise<{ image: Buffer; dataUrl: string; descriptor: number[] }> {
  const { readFile } = await import('node:fs/promises');
  const descriptors = JSON.parse(await readFile(new URL('descriptors.json', FACE_FIXTURES), 'utf8')) as Record<string, number[]>;
  const image = await readFile(new URL(name, FACE_FIXTURES));
  return { image, dataUrl: `data:image/jpeg;base64,${image.toString('base64')}`, descriptor: descriptors[name] ?? [] };
}

/**
 * Gives a user an active face enrolment (without photos) so check-in/out can pass face matching.
 * Default reference: person A of the fixtures; send `faceFixture('person-a-1.jpg')`'s descriptor at check-in.
 */
export async function enrolFace(userId: string, descriptor?: number[]): Promise<number[]> {
  const reference = descriptor ?? (await faceFixture('person-a-1.jpg')).descriptor;
  await db.faceProfile.upsert({
    where: { userId },
    create: { userId, descriptor: reference, status: 'active', enrolledById: userId },
    update: { descriptor: reference, status: 'active', enrolledAt: new Date(), enrolledById: userId },
  });
  return reference;
}

/** The main office's location, radius and zone (made by the migration; see docs/calendar.md). */
export async function configureMainOffice(data: {
  latitude?: number | null;
  longitude?: number | null;
  radius?: number;
  address?: string | null;
  timezone?: string;
}) {
  const { getMainOffice } = await import('@/features/offices/server/offices');
  const main = await getMainOffice();
  return db.office.update({ where: { id: main.id }, data });
}

/** The company default schedule's working weekdays (ISO 1–7) and hours; the other days are rest days. */
export async function setDefaultWorkingDays(days: number[], hours: { start: string; end: string } = { start: '08:00', end: '17:00' }) {
  const { getDefaultSchedule } = await import('@/features/calendar/server/schedules');
  const schedule = await getDefaultSchedule();
  await db.workScheduleDay.deleteMany({ where: { scheduleId: schedule.id } });
  await db.workScheduleDay.createMany({
    data: Array.from({ length: 7 }, (_, i) => ({
      scheduleId: schedule.id,
      weekday: i + 1,
      start: days.includes(i + 1) ? hours.start : null,
      end: days.includes(i + 1) ? hours.end : null,
    })),
  });
  return schedule;
}

/**
 * The first date at least `days` from today (Jakarta) that starts `count` days in a row on which `userId`
 * is expected at work, as the calendar says (weekends, holidays and the schedule all count). A leave over
 * them holds `count` working days whatever day the suite runs on; a fixed offset lands on a weekend two
 * days a week (docs/quality.md, "Failures seen on loaded machines").
 */
export async function workdaysAhead(userId: string, days: number, count = 1): Promise<string> {
  const from = addDays(dateKeyInZone(new Date(), 'Asia/Jakarta'), days);
  const working = (await calendarDays([userId], from, addDays(from, 60))).map((d) => d.status === 'kerja');
  for (let i = 0; i + count <= working.length; i++) if (working.slice(i, i + count).every(Boolean)) return addDays(from, i);
  throw new Error(`No ${count} working day(s) in a row for ${userId} within 60 days of ${from}`);
}

/** Holidays from the migration's national calendar would change expected days: tests that count days start without them. */
export async function clearHolidays() {
  await db.holiday.deleteMany({});
}

/**
 * `userId` checked in a minute ago on `date` (YYYY-MM-DD) at `position`, 30 m from the office, not checked out.
 * With `breakPunch`, that day is a roster cell 08:00–17:00 of a schedule whose 60-minute break is punched
 * (docs/calendar.md, "Istirahat"), so Mulai Istirahat is open to them.
 */
export async function checkedIn(userId: string, date: string, position: { latitude: number; longitude: number }, breakPunch = false) {
  if (breakPunch) {
    const schedule = await db.workSchedule.create({ data: { name: `Istirahat ${userId}`, breakMinutes: 60, breakPunch: true } });
    await db.rosterEntry.create({
      data: { userId, date: dateKeyToDate(date), start: '08:00', end: '17:00', breakMinutes: 60, scheduleId: schedule.id },
    });
  }
  return db.attendance.create({
    data: {
      userId,
      workDate: dateKeyToDate(date),
      checkInAt: new Date(Date.now() - 60_000),
      checkInLatitude: position.latitude,
      checkInLongitude: position.longitude,
      checkInDistance: 30,
    },
  });
}
