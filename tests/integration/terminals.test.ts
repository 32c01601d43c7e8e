// Attendance machines over the wire (docs/terminals.md): a terminal simulator written from the push
// protocol (tests/support/terminal-sim.ts) speaks HTTP to a real server running the app's /iclock and
// /api route handlers. Handshake, a batch of 500 lines with duplicates and an unknown PIN, the same batch
// again (nothing doubled), an unknown serial refused until an admin accepts it. Expectations by hand:
// Mon–Fri 08:00–17:00, no late tolerance; Jakarta is WIB (UTC+7), Makassar WITA (UTC+8).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import * as iclockCdata from '@/app/iclock/cdata/route';
import * as iclockGetrequest from '@/app/iclock/getrequest/route';
import * as terminalsRoute from '@/app/api/terminals/route';
import * as terminalRoute from '@/app/api/terminals/[id]/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';
import { startRouteServer } from '../support/route-server';
import { TerminalSim, attlogLine } from '../support/terminal-sim';

type Made = Awaited<ReturnType<typeof createUser>>;
const JOINED = new Date('2026-01-01T00:00:00Z');
let server: Awaited<ReturnType<typeof startRouteServer>>;
let admin: Made, hr: Made, employee: Made;
let mainOfficeId: string, makassarId: string;
const people: Record<string, Made> = {};

async function withPin(pin: string, name: string, extra: Record<string, unknown> = {}) {
  const made = await createUser({ name, createdAt: JOINED });
  await db.user.update({ where: { id: made.user.id }, data: { machinePin: pin, ...extra } });
  people[pin] = made;
  return made;
}

async function accept(sn: string, officeId: string, name: string) {
  const t = await db.terminal.findUniqueOrThrow({ where: { serialNumber: sn } });
  return call(terminalRoute.PUT, { method: 'PUT', token: admin.token, params: { id: t.id }, body: { name, officeId, accepted: true } });
}

const record = (pin: string, date: string) =>
  db.attendance.findUnique({ where: { userId_workDate: { userId: people[pin]!.user.id, workDate: dateKeyToDate(date) } } });

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  mainOfficeId = (await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' })).id;
  makassarId = (
    await db.office.create({ data: { name: 'Cabang Makassar', timezone: 'Asia/Makassar', latitude: -5.1477, longitude: 119.4327 } })
  ).id;
  const night = await db.workSchedule.create({
    data: {
      name: 'Shift Malam',
      lateToleranceMinutes: 0,
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '22:00' : null, end: i < 5 ? '06:00' : null })),
      },
    },
  });
  [admin, hr, employee] = [
    await createUser({ role: 'admin', name: 'Admin Mesin', createdAt: JOINED }),
    await createUser({ role: 'hr', name: 'Hana HR', createdAt: JOINED }),
    await createUser({ name: 'Tanpa PIN', createdAt: JOINED }),
  ];
  await withPin('101', 'Ani');
  await withPin('102', 'Budi');
  await withPin('103', 'Citra', { scheduleId: night.id });
  await withPin('104', 'Dewi', { homeOfficeId: makassarId });
  await withPin('105', 'Eko');
  await withPin('106', 'Fajar');
  for (let i = 201; i <= 245; i++) await withPin(String(i), `Karyawan ${i}`);
  // Phone punches already there on Monday 2 November: Eko checked in (no check-out), Fajar both.
  const phone = {
    checkInLatitude: -6.175392,
    checkInLongitude: 106.827153,
    checkInDistance: 3,
    checkInMethod: 'face',
    officeId: mainOfficeId,
  };
  await db.attendance.create({
    data: { ...phone, userId: people['105']!.user.id, workDate: dateKeyToDate('2026-11-02'), checkInAt: new Date('2026-11-02T00:50:00Z') },
  });
  await db.attendance.create({
    data: {
      ...phone,
      userId: people['106']!.user.id,
      workDate: dateKeyToDate('2026-11-02'),
      checkInAt: new Date('2026-11-02T00:45:00Z'),
      checkOutAt: new Date('2026-11-02T10:00:00Z'),
      checkOutLatitude: -6.175392,
      checkOutLongitude: 106.827153,
      checkOutDistance: 3,
      checkOutMethod: 'face',
    },
  });
  await db.period.create({ data: { month: '2026-10', status: 'closed', closedAt: new Date(), closedByName: 'Admin Mesin' } });
  server = await startRouteServer({
    '/iclock/cdata': iclockCdata,
    '/iclock/getrequest': iclockGetrequest,
  });
});

afterAll(async () => {
  await server?.close();
});

/** The specific lines of the big batch (Jakarta terminal), worked by hand in the tests below. */
const SPECIFIC = [
  attlogLine('101', '2026-11-02 07:55:10', 0, 1),
  attlogLine('101', '2026-11-02 12:01:00', 2, 1),
  attlogLine('101', '2026-11-02 17:05:30', 1, 1),
  attlogLine('101', '2026-10-30 08:00:00', 0, 1), // October is closed
  attlogLine('102', '2026-11-02 08:20:00', 0, 15),
  attlogLine('102', '2026-11-02 16:30:00', 1, 15),
  attlogLine('103', '2026-11-02 21:50:00', 0, 1), // night shift 22:00–06:00
  attlogLine('103', '2026-11-03 06:10:00', 1, 1),
  attlogLine('105', '2026-11-02 07:58:00', 0, 1),
  attlogLine('105', '2026-11-02 17:10:00', 1, 1),
  attlogLine('106', '2026-11-02 08:00:00', 0, 1),
  attlogLine('106', '2026-11-02 17:30:00', 1, 1),
  attlogLine('999', '2026-11-02 08:00:00', 0, 1), // nobody has PIN 999
  attlogLine('999', '2026-11-02 12:00:00', 0, 1),
  attlogLine('999', '2026-11-02 17:00:00', 1, 1),
];
const pad = (n: number) => String(n).padStart(2, '0');
/** 45 people × Mon 9 – Fri 13 November × in and out = 450 lines, all on time. */
const FILLER = Array.from({ length: 45 }, (_, p) =>
  [9, 10, 11, 12, 13].flatMap((d) => [
    attlogLine(String(201 + p), `2026-11-${pad(d)} 07:${pad(30 + ((p + d) % 30))}:00`, 0, 1),
    attlogLine(String(201 + p), `2026-11-${pad(d)} 17:${pad((p * 7 + d) % 60)}:15`, 1, 1),
  ]),
).flat();
const BATCH = [...SPECIFIC, ...FILLER, ...FILLER.slice(0, 35)];

describe('push protocol', () => {
  const sim = () => new TerminalSim(server.url, 'SIM0001JKT');

  it('refuses a malformed serial number and answers a poll with OK', async () => {
    const bad = await fetch(`${server.url}/iclock/cdata?SN=../etc&options=all`);
    expect(bad.status).toBe(400);
    expect((await new TerminalSim(server.url, 'SIM0001JKT').poll()).text).toBe('OK\n');
  });

  it('answers the handshake of a new terminal with the options and lists it as pending, without a TimeZone', async () => {
    const t = sim();
    const answer = await t.handshake();
    expect(answer.status).toBe(200);
    expect(answer.text.startsWith('GET OPTION FROM: SIM0001JKT\n')).toBe(true);
    expect(t.options).toMatchObject({ ATTLOGStamp: 'None', Realtime: '1', TransFlag: 'TransData AttLog', Delay: '30', ErrorDelay: '60' });
    expect(t.options.TimeZone).toBeUndefined();
    const row = await db.terminal.findUniqueOrThrow({ where: { serialNumber: 'SIM0001JKT' } });
    expect(row).toMatchObject({ status: 'pending', officeId: null, pushVersion: '2.4.1', lastIp: '127.0.0.1' });
    const audit = await db.auditLog.findFirst({ where: { kind: 'terminal.seen', entityId: row.id } });
    expect(audit?.actorId).toBeNull();
  });

  it('takes 500 lines once: duplicates and an unknown PIN counted, nothing doubled on a retry', async () => {
    expect((await accept('SIM0001JKT', mainOfficeId, 'Pintu Depan')).status).toBe(200);
    const t = sim();
    await t.handshake();
    expect(t.options.TimeZone).toBe('7');
    expect(BATCH).toHaveLength(500);
    const first = await t.upload(BATCH);
    expect(first).toEqual({ status: 200, text: 'OK: 500\n' });
    const states = await db.machinePunch.groupBy({ by: ['state'], where: { deviceKey: 'SIM0001JKT' }, _count: true });
    const byState = Object.fromEntries(states.map((s) => [s.state, s._count]));
    // 500 − 35 repeated = 465: 3 unknown PIN, 1 in closed October, 2 of Fajar beside his phone punches, 459 applied.
    expect(byState).toEqual({ applied: 459, unknown_pin: 3, period_closed: 1, other_source: 2 });
    const machineRows = await db.attendance.count({ where: { checkInMethod: 'machine' } });
    expect(machineRows).toBe(45 * 5 + 3); // the 45 on five days, Ani, Budi, Citra
    const snapshot = await db.attendance.findMany({ orderBy: [{ userId: 'asc' }, { workDate: 'asc' }] });

    const again = await t.upload(BATCH);
    expect(again).toEqual({ status: 200, text: 'OK: 500\n' });
    expect(await db.machinePunch.count({ where: { deviceKey: 'SIM0001JKT' } })).toBe(465);
    expect(await db.attendance.findMany({ orderBy: [{ userId: 'asc' }, { workDate: 'asc' }] })).toEqual(snapshot);
    const stamp = await t.handshake();
    expect(stamp.status).toBe(200);
    expect(t.options.ATTLOGStamp).toBe('2');
  });

  it('makes the first punch the check-in and the last the check-out, dated in the office zone', async () => {
    expect(await record('101', '2026-11-02')).toMatchObject({
      checkInAt: new Date('2026-11-02T00:55:10Z'), // 07:55:10 WIB
      checkOutAt: new Date('2026-11-02T10:05:30Z'), // 17:05:30 WIB; 12:01 stays a fact only
      checkInMethod: 'machine',
      checkOutMethod: 'machine',
      lateMinutes: 0,
      earlyMinutes: 0,
      officeId: mainOfficeId,
      checkInLatitude: -6.175392,
      checkInDistance: 0,
    });
    expect(await record('101', '2026-10-30')).toBeNull(); // closed month: kept out
    expect(await record('102', '2026-11-02')).toMatchObject({ lateMinutes: 20, earlyMinutes: 30 }); // 08:20 in, 16:30 out
    const filler = await record('201', '2026-11-09');
    expect(filler).toMatchObject({ checkInAt: new Date('2026-11-09T00:39:00Z'), checkOutAt: new Date('2026-11-09T10:09:15Z') });
  });

  it('counts the morning after a night shift for the night shift day', async () => {
    expect(await record('103', '2026-11-02')).toMatchObject({
      checkInAt: new Date('2026-11-02T14:50:00Z'), // 21:50 WIB on Monday
      checkOutAt: new Date('2026-11-02T23:10:00Z'), // 06:10 WIB on Tuesday
      shiftStart: '22:00',
      shiftEnd: '06:00',
      lateMinutes: 0,
      earlyMinutes: 0,
    });
    expect(await record('103', '2026-11-03')).toBeNull();
  });

  it('never overwrites a phone punch: fills a missing check-out only', async () => {
    expect(await record('105', '2026-11-02')).toMatchObject({
      checkInAt: new Date('2026-11-02T00:50:00Z'), // the phone's 07:50, not the machine's 07:58
      checkInMethod: 'face',
      checkOutAt: new Date('2026-11-02T10:10:00Z'),
      checkOutMethod: 'machine',
    });
    expect(await record('106', '2026-11-02')).toMatchObject({
      checkInAt: new Date('2026-11-02T00:45:00Z'),
      checkOutAt: new Date('2026-11-02T10:00:00Z'),
      checkOutMethod: 'face',
    });
  });

  it('lists the unknown PIN for HR', async () => {
    const res = await call(terminalsRoute.GET, { token: hr.token });
    expect(res.status).toBe(200);
    expect(res.body.unknownPins).toEqual([
      { pin: '999', punches: 3, firstAt: '2026-11-02T01:00:00.000Z', lastAt: '2026-11-02T10:00:00.000Z', offices: ['Kantor Pusat'] },
    ]);
    const t = res.body.terminals.find((x: { serialNumber: string }) => x.serialNumber === 'SIM0001JKT');
    expect(t).toMatchObject({
      status: 'accepted',
      name: 'Pintu Depan',
      punches: 465,
      office: { id: mainOfficeId, timezone: 'Asia/Jakarta' },
    });
    expect((await call(terminalsRoute.GET, { token: employee.token })).status).toBe(403);
  });

  it('dates a Makassar terminal in WITA: 00:30 on Tuesday is Tuesday although UTC still says Monday', async () => {
    const t = new TerminalSim(server.url, 'SIM0002MKS');
    await t.handshake();
    expect((await accept('SIM0002MKS', makassarId, 'Cabang Makassar')).status).toBe(200);
    await t.handshake();
    expect(t.options.TimeZone).toBe('8');
    t.punch(attlogLine('104', '2026-11-02 08:05:00'), attlogLine('104', '2026-11-02 17:00:00'), attlogLine('104', '2026-11-03 00:30:00'));
    expect(await t.upload()).toEqual({ status: 200, text: 'OK: 3\n' });
    expect(await record('104', '2026-11-02')).toMatchObject({
      checkInAt: new Date('2026-11-02T00:05:00Z'),
      checkOutAt: new Date('2026-11-02T09:00:00Z'),
      lateMinutes: 5,
      earlyMinutes: 0,
      officeId: makassarId,
    });
    expect(await record('104', '2026-11-03')).toMatchObject({ checkInAt: new Date('2026-11-02T16:30:00Z'), checkOutAt: null });
  });

  it('refuses the punches of a terminal nobody accepted; the terminal keeps them and sends them once accepted', async () => {
    const t = new TerminalSim(server.url, 'SIM0003NEW');
    await t.handshake();
    t.punch(attlogLine('101', '2026-11-04 07:59:00'));
    const refused = await t.upload();
    expect(refused.status).toBe(403);
    expect(t.pending).toBe(1);
    expect(await db.machinePunch.count({ where: { deviceKey: 'SIM0003NEW' } })).toBe(0);
    const id = (await db.terminal.findUniqueOrThrow({ where: { serialNumber: 'SIM0003NEW' } })).id;
    const noOffice = await call(terminalRoute.PUT, { method: 'PUT', token: admin.token, params: { id }, body: { accepted: true } });
    expect(noOffice.status).toBe(400);
    expect(
      (await call(terminalRoute.PUT, { method: 'PUT', token: hr.token, params: { id }, body: { officeId: mainOfficeId, accepted: true } }))
        .status,
    ).toBe(403);
    expect((await accept('SIM0003NEW', mainOfficeId, 'Gudang')).status).toBe(200);
    expect(await db.auditLog.count({ where: { kind: 'terminal.accept', entityId: id } })).toBe(1);
    expect(await t.upload()).toEqual({ status: 200, text: 'OK: 1\n' });
    expect(t.pending).toBe(0);
    expect(await record('101', '2026-11-04')).toMatchObject({ checkInAt: new Date('2026-11-04T00:59:00Z'), checkInMethod: 'machine' });
  });

  it('deletes a terminal: audited, its punches stay as facts', async () => {
    const id = (await db.terminal.findUniqueOrThrow({ where: { serialNumber: 'SIM0003NEW' } })).id;
    const res = await call(terminalRoute.DELETE, { method: 'DELETE', token: admin.token, params: { id } });
    expect(res.status).toBe(200);
    expect(await db.machinePunch.count({ where: { deviceKey: 'SIM0003NEW' } })).toBe(1);
    expect(await db.auditLog.count({ where: { kind: 'terminal.delete', entityId: id } })).toBe(1);
    expect((await call(terminalRoute.DELETE, { method: 'DELETE', token: admin.token, params: { id } })).status).toBe(404);
  });
});
