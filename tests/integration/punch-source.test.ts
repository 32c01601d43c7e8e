// Where each check-in / check-out was made, as the admin history shows it (GET /attendance/all) and its
// XLSX/JSON export says it: an office kiosk ("Kiosk Lobi"), a terminal's push ("Mesin Pintu Gudang"), an
// attlog file imported by HR ("Impor file"), the employee's phone ("Ponsel"). Real database, real route
// handlers; the kiosk punch goes through identify + liveness + punch, the machine punches over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { GET as allRoute } from '@/app/api/attendance/all/route';
import { GET as exportRoute } from '@/app/api/attendance/export/route';
import { POST as importRoute } from '@/app/api/attendance/import/route';
import { POST as createKioskRoute } from '@/app/api/kiosks/route';
import { POST as pairRoute } from '@/app/api/kiosk/pair/route';
import { POST as identifyRoute } from '@/app/api/kiosk/identify/route';
import { POST as kioskPunchRoute } from '@/app/api/kiosk/punch/route';
import { PUT as terminalRoute } from '@/app/api/terminals/[id]/route';
import * as iclockCdata from '@/app/iclock/cdata/route';
import {
  call,
  clearHolidays,
  configureMainOffice,
  createUser,
  enrolFace,
  faceFixture,
  livenessAnswer,
  setDefaultWorkingDays,
} from '../helpers';
import { startRouteServer } from '../support/route-server';
import { TerminalSim, attlogLine } from '../support/terminal-sim';

type Made = Awaited<ReturnType<typeof createUser>>;
const JOINED = new Date('2026-01-01T00:00:00Z');
let server: Awaited<ReturnType<typeof startRouteServer>>;
let admin: Made, hr: Made, ani: Made, budi: Made, citra: Made;
let officeId: string;

const rowsOf = async (m: Made, token = hr.token) => {
  const res = await call(allRoute, { token, path: `/api/attendance/all?employee=${m.user.id}` });
  expect(res.status).toBe(200);
  return res.body as { date: string; checkInSource: unknown; checkOutSource: unknown }[];
};

beforeAll(async () => {
  await clearHolidays();
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  officeId = (await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100, timezone: 'Asia/Jakarta' })).id;
  [admin, hr] = [await createUser({ role: 'admin', createdAt: JOINED }), await createUser({ role: 'hr', createdAt: JOINED })];
  ani = await createUser({ name: 'Ani Lestari', createdAt: JOINED });
  await enrolFace(ani.user.id, (await faceFixture('person-a-1.jpg')).descriptor);
  budi = await createUser({ name: 'Budi Mesin', createdAt: JOINED });
  await db.user.update({ where: { id: budi.user.id }, data: { machinePin: '401' } });
  citra = await createUser({ name: 'Citra Ponsel', createdAt: JOINED });
  server = await startRouteServer({ '/iclock/cdata': iclockCdata });
});

afterAll(async () => {
  await server?.close();
});

describe('the source of each punch in the admin history', () => {
  it('a kiosk check-in says "Kiosk Lobi"; the side without a punch has no source', async () => {
    const created = await call(createKioskRoute, { token: admin.token, body: { name: 'Lobi', officeId } });
    expect(created.status).toBe(200);
    const paired = await call(pairRoute, { body: { code: created.body.pairingCode } });
    const kiosk = paired.body.credential as string;
    const probe = await faceFixture('person-a-2.jpg');
    const who = await call(identifyRoute, { token: kiosk, body: { faceDescriptor: probe.descriptor } });
    expect(who.body).toMatchObject({ userId: ani.user.id, action: 'check-in' });
    const punch = await call(kioskPunchRoute, {
      token: kiosk,
      body: {
        userId: ani.user.id,
        action: 'check-in',
        challengeId: who.body.challenge.id,
        faceImage: probe.dataUrl,
        faceDescriptor: probe.descriptor,
        ...(await livenessAnswer(who.body.challenge.steps, probe.descriptor)),
      },
    });
    expect(punch.status, JSON.stringify(punch.body)).toBe(200);
    const [row] = await rowsOf(ani);
    expect(row).toMatchObject({
      checkInSource: { kind: 'kiosk', name: 'Lobi', label: 'Kiosk Lobi' },
      checkOutSource: null,
    });
    // The admin sees the same.
    expect((await rowsOf(ani, admin.token))[0]).toMatchObject({ checkInSource: { label: 'Kiosk Lobi' } });
  });

  it('a pushed check-in says "Mesin Pintu Gudang", a later check-out from an imported file "Impor file"', async () => {
    const sim = new TerminalSim(server.url, 'SRC0001JKT');
    await sim.handshake();
    const t = await db.terminal.findUniqueOrThrow({ where: { serialNumber: 'SRC0001JKT' } });
    const ok = await call(terminalRoute, {
      method: 'PUT',
      token: admin.token,
      params: { id: t.id },
      body: { name: 'Pintu Gudang', officeId, accepted: true },
    });
    expect(ok.status).toBe(200);
    await sim.handshake();
    // Monday 16 November 2026, WIB: in 07:55, out 17:05 on the terminal.
    const lines = [attlogLine('401', '2026-11-16 07:55:00', 0, 1), attlogLine('401', '2026-11-16 17:05:00', 1, 1)];
    expect(await sim.upload(lines)).toEqual({ status: 200, text: 'OK: 2\n' });
    expect((await rowsOf(budi))[0]).toMatchObject({
      date: '2026-11-16',
      checkInSource: { kind: 'mesin', name: 'Pintu Gudang', label: 'Mesin Pintu Gudang' },
      checkOutSource: { kind: 'mesin', name: 'Pintu Gudang', label: 'Mesin Pintu Gudang' },
    });
    // HR uploads a file (no terminal chosen) with a later punch: the check-out moves to 18:30 and comes from the file.
    const file = `data:text/plain;base64,${Buffer.from(attlogLine('401', '2026-11-16 18:30:00', 1, 1)).toString('base64')}`;
    const imported = await call(importRoute, {
      token: hr.token,
      path: '/api/attendance/import',
      body: { officeId, filename: 'attlog.dat', file },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [row] = await rowsOf(budi);
    expect(row).toMatchObject({
      checkInSource: { kind: 'mesin', label: 'Mesin Pintu Gudang' },
      checkOutSource: { kind: 'impor', name: null, label: 'Impor file' },
    });
  });

  it('a phone punch says "Ponsel", and the export carries both sources as columns', async () => {
    const at = { latitude: -6.175392, longitude: 106.827153, distance: 3 };
    await db.attendance.create({
      data: {
        userId: citra.user.id,
        workDate: dateKeyToDate('2026-11-17'),
        officeId,
        checkInAt: new Date('2026-11-17T00:50:00Z'),
        checkInLatitude: at.latitude,
        checkInLongitude: at.longitude,
        checkInDistance: at.distance,
        checkInMethod: 'face',
        checkOutAt: new Date('2026-11-17T10:00:00Z'),
        checkOutLatitude: at.latitude,
        checkOutLongitude: at.longitude,
        checkOutDistance: at.distance,
        checkOutMethod: 'face',
      },
    });
    expect((await rowsOf(citra))[0]).toMatchObject({
      checkInSource: { kind: 'ponsel', name: null, label: 'Ponsel' },
      checkOutSource: { kind: 'ponsel', label: 'Ponsel' },
    });
    const res = await call(exportRoute, { token: hr.token, path: '/api/attendance/export?format=json' });
    expect(res.status).toBe(200);
    const detail = JSON.stringify(res.body);
    for (const label of ['Kiosk Lobi', 'Mesin Pintu Gudang', 'Impor file', 'Ponsel']) expect(detail).toContain(label);
  });
});
