// Uploading a terminal's attlog file or CSV export (POST /api/attendance/import, docs/terminals.md):
// the dry run answers line by line and writes nothing; the upload writes the same plan once, audited,
// re-classifies a day already closed, and the same file twice records nothing new. Worked by hand:
// Mon–Fri 08:00–17:00 WIB (UTC+7), no late tolerance; the fixtures are in tests/fixtures/terminals/.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { POST as importRoute } from '@/app/api/attendance/import/route';
import { POST as closeRoute } from '@/app/api/attendance/close/route';
import { PUT as userRoute } from '@/app/api/users/[id]/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
const JOINED = new Date('2026-01-01T00:00:00Z');
let admin: Made, hr: Made, employee: Made, gita: Made, hadi: Made, indah: Made;
let officeId: string;

const fixture = (name: string, type = 'text/plain') =>
  `data:${type};base64,${readFileSync(new URL(`../fixtures/terminals/${name}`, import.meta.url)).toString('base64')}`;
const text = (body: string) => `data:text/plain;base64,${Buffer.from(body).toString('base64')}`;
const upload = (token: string, body: Record<string, unknown>, dryRun = false) =>
  call(importRoute, { token, path: `/api/attendance/import${dryRun ? '?dryRun=1' : ''}`, body: { officeId, ...body } });
const record = (m: Made, date: string) =>
  db.attendance.findUnique({ where: { userId_workDate: { userId: m.user.id, workDate: dateKeyToDate(date) } } });

beforeAll(async () => {
  await clearHolidays();
  const schedule = await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await db.workSchedule.update({ where: { id: schedule.id }, data: { lateToleranceMinutes: 0 } });
  officeId = (await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' })).id;
  [admin, hr, employee] = [
    await createUser({ role: 'admin', name: 'Admin', createdAt: JOINED }),
    await createUser({ role: 'hr', name: 'Hana HR', createdAt: JOINED }),
    await createUser({ name: 'Eka', createdAt: JOINED }),
  ];
  [gita, hadi, indah] = [
    await createUser({ name: 'Gita', createdAt: JOINED }),
    await createUser({ name: 'Hadi', createdAt: JOINED }),
    await createUser({ name: 'Indah', createdAt: JOINED }),
  ];
  await db.user.update({ where: { id: gita.user.id }, data: { machinePin: '301' } });
  await db.user.update({ where: { id: hadi.user.id }, data: { machinePin: '302' } });
  await db.user.update({ where: { id: indah.user.id }, data: { machinePin: '303' } });
});

describe('attendance import', () => {
  it('dry run: each line of the attlog file says what it will do, nothing is written', async () => {
    const res = await upload(admin.token, { filename: 'attlog.dat', file: fixture('attlog-sample.dat') }, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: true,
      format: 'attlog',
      counts: { lines: 7, punches: 7, errors: 0, new: 6, duplicates: 1, unknownPins: 1, periodClosed: 0 },
      errors: [],
    });
    expect(
      res.body.lines.map((l: { line: number; pin: string; outcome: string; userName: string | null; workDate: string | null }) => [
        l.line,
        l.pin,
        l.outcome,
        l.userName,
        l.workDate,
      ]),
    ).toEqual([
      [1, '301', 'check_in', 'Gita', '2026-11-16'],
      [2, '301', 'between', 'Gita', '2026-11-16'],
      [3, '301', 'check_out', 'Gita', '2026-11-16'],
      [4, '302', 'check_in', 'Hadi', '2026-11-16'],
      [5, '302', 'check_out', 'Hadi', '2026-11-16'],
      [6, '777', 'unknown_pin', null, null],
      [7, '301', 'duplicate', 'Gita', '2026-11-16'],
    ]);
    expect(await db.machinePunch.count()).toBe(0);
    expect(await db.attendance.count()).toBe(0);
  });

  it('records the file once, dated in WIB, and re-classifies a day already closed', async () => {
    const closed = await call(closeRoute, { method: 'POST', token: admin.token, path: '/api/attendance/close?date=2026-11-16' });
    expect(closed.status).toBe(200);
    const day = () => db.attendanceDay.findUnique({ where: { userId_date: { userId: gita.user.id, date: dateKeyToDate('2026-11-16') } } });
    expect((await day())?.status).toBe('alpa');
    const res = await upload(admin.token, { filename: 'attlog.dat', file: fixture('attlog-sample.dat') });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ new: 6, duplicates: 1, unknownPins: 1 });
    expect(await record(gita, '2026-11-16')).toMatchObject({
      checkInAt: new Date('2026-11-16T00:59:01Z'), // 07:59:01 WIB
      checkOutAt: new Date('2026-11-16T10:03:10Z'), // 17:03:10 WIB; 12:02:44 is kept as a fact only
      checkInMethod: 'machine',
      lateMinutes: 0,
      earlyMinutes: 0,
    });
    expect(await record(hadi, '2026-11-16')).toMatchObject({ lateMinutes: 12, earlyMinutes: 15 }); // 08:12 in, 16:45 out
    expect((await day())?.status).toBe('hadir');
    const audit = await db.auditLog.findMany({ where: { kind: 'attendance.import' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, after: { filename: 'attlog.dat', new: 6, deviceKey: `upload:${officeId}` } });
    expect(await db.machinePunch.findMany({ where: { state: 'unknown_pin' }, select: { pin: true, source: true } })).toEqual([
      { pin: '777', source: 'upload' },
    ]);
  });

  it('the same file again records nothing', async () => {
    const res = await upload(admin.token, { filename: 'attlog.dat', file: fixture('attlog-sample.dat') });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ new: 0, duplicates: 7 });
    expect(await db.machinePunch.count()).toBe(6);
  });

  it('reads a CSV export with a date and a time column; HR may upload, an employee may not', async () => {
    expect((await upload(employee.token, { filename: 'export.csv', file: fixture('attlog-export.csv', 'text/csv') })).status).toBe(403);
    const res = await upload(hr.token, { filename: 'export.csv', file: fixture('attlog-export.csv', 'text/csv') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'csv', counts: { new: 2 } });
    expect(await record(indah, '2026-11-17')).toMatchObject({
      checkInAt: new Date('2026-11-17T00:45:00Z'),
      checkOutAt: new Date('2026-11-17T10:15:00Z'),
    });
  });

  it('lists unreadable lines in the dry run and refuses the upload whole', async () => {
    const file = text('301\tnot a time\t0\t1\n301\t2026-11-18 08:00:00\t0\t1\n');
    const dry = await upload(admin.token, { filename: 'rusak.dat', file }, true);
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([
      { line: 1, text: '301\tnot a time\t0\t1', message: 'Waktu tidak valid (format YYYY-MM-DD HH:MM:SS).' },
    ]);
    const refused = await upload(admin.token, { filename: 'rusak.dat', file });
    expect(refused.status).toBe(422);
    expect(await record(gita, '2026-11-18')).toBeNull();
    expect((await upload(admin.token, { filename: 'foto.jpg', file })).status).toBe(400);
  });

  it('keeps each machine PIN to one person', async () => {
    const joko = await createUser({ name: 'Joko', createdAt: JOINED });
    const body = (m: Made, name: string, pin: string) => ({
      name,
      email: m.user.email,
      position: 'Staf',
      role: 'employee',
      machinePin: pin,
    });
    const res = await call(userRoute, { method: 'PUT', token: hr.token, params: { id: joko.user.id }, body: body(joko, 'Joko', '778') });
    expect(res.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: joko.user.id } })).machinePin).toBe('778');
    const taken = await call(userRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: indah.user.id },
      body: body(indah, 'Indah', '778'),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'PIN mesin absensi 778 sudah dipakai karyawan lain', code: 'DUPLICATE' });
  });
});
