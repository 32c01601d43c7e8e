// Kiosks (docs/kiosk.md): pairing, the device credential, 1:N identification, the punch through the
// phone's rules, revocation and the offline queue. Real database, real route handlers; the faces are the
// fixtures' descriptors (tests/fixtures/faces) computed by the server engine.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { GET as listRoute, POST as createRoute } from '@/app/api/kiosks/route';
import { DELETE as revokeRoute, PUT as renameRoute } from '@/app/api/kiosks/[id]/route';
import { POST as pairRoute } from '@/app/api/kiosk/pair/route';
import { GET as meRoute } from '@/app/api/kiosk/me/route';
import { POST as identifyRoute } from '@/app/api/kiosk/identify/route';
import { POST as punchRoute } from '@/app/api/kiosk/punch/route';
import { POST as notMeRoute } from '@/app/api/kiosk/not-me/route';
import { POST as offlineRoute } from '@/app/api/kiosk/offline/route';
import { GET as settingsRoute, PUT as settingsPutRoute } from '@/app/api/settings/route';
import { db } from '@/lib/server/db';
import { createKiosk } from '@/features/kiosk/server/kiosks';
import { signOfflinePunch } from '@/features/kiosk/lib/credential';
import { KIOSK_MESSAGES } from '@/features/kiosk/lib/identify';
import { OFFLINE_MESSAGES } from '@/features/kiosk/server/kiosk-offline';
import { call, configureMainOffice, createUser, enrolFace, faceFixture, livenessAnswer } from '../helpers';
import { dbSnapshot as fullSnapshot } from '../db-snapshot';

/** The database but the kiosks' rows: a refused request still notes when its kiosk was last seen. */
async function dbSnapshot() {
  const { Kiosk: _seen, ...rest } = await fullSnapshot();
  return rest;
}

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
let admin: Awaited<ReturnType<typeof createUser>>;
const people: Record<'a' | 'b' | 'c', { id: string; name: string }> = {} as never;
const probe: Record<string, number[]> = {};

async function pairNew(name = 'Kiosk Lobi'): Promise<{ id: string; credential: string }> {
  const main = await db.settings.findUniqueOrThrow({ where: { id: 1 }, select: { mainOfficeId: true } });
  const created = await call(createRoute, { token: admin.token, body: { name, officeId: main.mainOfficeId } });
  expect(created.status).toBe(200);
  const paired = await call(pairRoute, { body: { code: created.body.pairingCode } });
  expect(paired.status).toBe(200);
  return { id: paired.body.id, credential: paired.body.credential };
}

beforeAll(async () => {
  await configureMainOffice({ ...OFFICE, radius: 100, timezone: 'Asia/Jakarta' });
  admin = await createUser({ role: 'admin' });
  for (const [key, file, name] of [
    ['a', 'person-a-1.jpg', 'Ani Lestari'],
    ['b', 'person-b-1.jpg', 'Budi Santoso'],
    ['c', 'person-c-1.jpg', 'Citra Dewi'],
  ] as const) {
    const { user } = await createUser({ name });
    await enrolFace(user.id, (await faceFixture(file)).descriptor);
    people[key] = { id: user.id, name };
  }
  for (const f of ['person-a-2.jpg', 'person-a-3.jpg', 'person-b-1.jpg']) probe[f] = (await faceFixture(f)).descriptor;
});

describe('pairing', () => {
  it('a code pairs one tablet once; the kiosk knows its office and the server clock; both steps are audited', async () => {
    const main = await db.settings.findUniqueOrThrow({ where: { id: 1 }, select: { mainOfficeId: true } });
    const created = await call(createRoute, { token: admin.token, body: { name: 'Kiosk Pintu Depan', officeId: main.mainOfficeId } });
    expect(created.body.pairingCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(Date.parse(created.body.pairingExpiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(created.body.kiosk.status).toBe('menunggu');
    const code = created.body.pairingCode as string;
    const paired = await call(pairRoute, { body: { code: `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}` } });
    expect(paired.status).toBe(200);
    expect(paired.body.credential).toMatch(/^kiosk\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const again = await call(pairRoute, { body: { code } });
    expect([again.status, again.body.code]).toEqual([422, 'PAIRING_INVALID']);
    const me = await call(meRoute, { token: paired.body.credential });
    expect(me.status).toBe(200);
    expect(me.body.office.timezone).toBe('Asia/Jakarta');
    const kinds = await db.auditLog.findMany({
      where: { entityId: paired.body.id },
      orderBy: { id: 'asc' },
      select: { kind: true, actorId: true },
    });
    expect(kinds).toEqual([
      { kind: 'kiosk.create', actorId: admin.user.id },
      { kind: 'kiosk.pair', actorId: null },
    ]);
    const list = await call(listRoute, { token: admin.token });
    expect(list.body.find((k: { id: string }) => k.id === paired.body.id)).toMatchObject({ status: 'aktif', name: 'Kiosk Pintu Depan' });
  });

  it('a code older than 10 minutes pairs nothing', async () => {
    const main = await db.settings.findUniqueOrThrow({ where: { id: 1 }, select: { mainOfficeId: true } });
    const old = await createKiosk(
      admin.user as never,
      { name: 'Kiosk Lama', officeId: main.mainOfficeId! },
      new Date(Date.now() - 10 * 60_000 - 1000),
    );
    const before = await dbSnapshot();
    const res = await call(pairRoute, { body: { code: old.pairingCode } });
    expect([res.status, res.body.code]).toEqual([422, 'PAIRING_INVALID']);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('renaming is audited with the old and new name', async () => {
    const k = await pairNew('Kiosk Gudang');
    const res = await call(renameRoute, { method: 'PUT', token: admin.token, params: { id: k.id }, body: { name: 'Kiosk Gudang Timur' } });
    expect(res.body.name).toBe('Kiosk Gudang Timur');
    const row = await db.auditLog.findFirstOrThrow({ where: { entityId: k.id, kind: 'kiosk.rename' } });
    expect([row.before, row.after]).toEqual([{ name: 'Kiosk Gudang' }, { name: 'Kiosk Gudang Timur' }]);
  });
});

describe('the credential is a device, not a user', () => {
  it('is refused on user routes and on the admin kiosk routes', async () => {
    const k = await pairNew();
    expect((await call(settingsRoute, { token: k.credential })).status).toBe(401);
    expect((await call(listRoute, { token: k.credential })).status).toBe(401);
  });

  it('a revoked kiosk is refused at once; revocation is audited', async () => {
    const k = await pairNew();
    const res = await call(revokeRoute, { method: 'DELETE', token: admin.token, params: { id: k.id } });
    expect(res.body.status).toBe('dicabut');
    expect(await db.auditLog.count({ where: { entityId: k.id, kind: 'kiosk.revoke' } })).toBe(1);
    const refused = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-a-2.jpg'] } });
    expect(refused.status).toBe(401);
    expect((await call(meRoute, { token: k.credential })).status).toBe(401);
  });

  it('a forged secret for a real kiosk id is refused', async () => {
    const k = await pairNew();
    const forged = `kiosk.${k.id}.${'A'.repeat(43)}`;
    expect((await call(meRoute, { token: forged })).status).toBe(401);
  });
});

describe('identification and the punch', () => {
  it('identifies person A from another capture, punches in at the kiosk, then offers the check-out', async () => {
    const k = await pairNew();
    const who = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-a-2.jpg'] } });
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ userId: people.a.id, name: 'Ani Lestari', action: 'check-in' });
    expect(who.body.distance).toBeLessThan(0.2);
    const photo = await faceFixture('person-a-2.jpg');
    const punch = await call(punchRoute, {
      token: k.credential,
      body: {
        userId: people.a.id,
        action: 'check-in',
        challengeId: who.body.challenge.id,
        faceImage: photo.dataUrl,
        faceDescriptor: photo.descriptor,
        ...(await livenessAnswer(who.body.challenge.steps, photo.descriptor)),
      },
    });
    expect(punch.status, JSON.stringify(punch.body)).toBe(200);
    const record = await db.attendance.findUniqueOrThrow({ where: { id: punch.body.attendance.id }, include: { flags: true } });
    expect(record.checkInKioskId).toBe(k.id);
    expect(record.checkInDistance).toBe(0);
    expect(record.flags.map((f) => f.reason)).toEqual([]);
    // Once a day, as on the phone: the same challenge cannot punch twice, and the next answer is the check-out.
    const next = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-a-3.jpg'] } });
    expect(next.body.action).toBe('check-out');
  });

  it('a punch in another person’s name fails the 1:1 face match of the phone rules', async () => {
    const k = await pairNew();
    const who = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-b-1.jpg'] } });
    expect(who.body.userId).toBe(people.b.id);
    const photo = await faceFixture('person-c-1.jpg');
    const before = await dbSnapshot();
    const res = await call(punchRoute, {
      token: k.credential,
      body: {
        userId: people.b.id,
        action: 'check-in',
        challengeId: who.body.challenge.id,
        faceImage: photo.dataUrl,
        faceDescriptor: photo.descriptor,
      },
    });
    expect([res.status, res.body.code]).toEqual([422, 'FACE_MISMATCH']);
    expect(await dbSnapshot()).toEqual(before);
  });

  it('refuses a face that is nobody, and one too close to two people, without guessing', async () => {
    const k = await pairNew();
    const twin = probe['person-b-1.jpg']!.map((v, i) => v + (i % 2 ? 0.004 : -0.004));
    const { user } = await createUser({ name: 'Kembaran Budi' });
    await enrolFace(user.id, twin);
    const before = await dbSnapshot();
    const ambiguous = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-b-1.jpg'] } });
    expect([ambiguous.status, ambiguous.body.code, ambiguous.body.error]).toEqual([422, 'FACE_AMBIGUOUS', KIOSK_MESSAGES.ambiguous]);
    const nobody = probe['person-a-2.jpg']!.map((v) => -v);
    const unknown = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: nobody } });
    expect([unknown.status, unknown.body.code, unknown.body.error]).toEqual([422, 'FACE_UNKNOWN', KIOSK_MESSAGES.unknown]);
    expect(await dbSnapshot()).toEqual(before);
    await db.faceProfile.delete({ where: { userId: user.id } });
  });

  it('"Bukan saya" is counted on the kiosk', async () => {
    const k = await pairNew();
    expect((await call(notMeRoute, { token: k.credential, body: { userId: people.c.id } })).status).toBe(200);
    expect((await call(notMeRoute, { token: k.credential, body: { userId: people.c.id } })).status).toBe(200);
    expect((await db.kiosk.findUniqueOrThrow({ where: { id: k.id } })).notMeCount).toBe(2);
  });

  it('an employee of another office is not in this kiosk’s gallery', async () => {
    const k = await pairNew();
    const branch = await db.office.create({
      data: { name: 'Cabang Surabaya', latitude: -7.25, longitude: 112.75, timezone: 'Asia/Jakarta' },
    });
    const { user } = await createUser({ name: 'Dedi Cabang' });
    await db.user.update({ where: { id: user.id }, data: { homeOfficeId: branch.id } });
    const far = probe['person-a-2.jpg']!.map((v, i) => (i < 64 ? v + 0.08 : v - 0.08));
    await enrolFace(user.id, far);
    const res = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: far } });
    expect(res.body.code).toBe('FACE_UNKNOWN');
  });
});

describe('offline queue', () => {
  it('a signed batch is written once, flagged offline, at the kiosk time corrected by its offset; a resend answers the same', async () => {
    const k = await pairNew();
    const secret = k.credential.split('.').slice(2).join('.');
    const photo = await faceFixture('person-b-1.jpg');
    const clientTime = new Date(Date.now() - 20 * 60_000).toISOString();
    const fields = { id: randomUUID(), userId: people.b.id, clientTime, offsetMs: 90_000, faceImage: photo.dataUrl };
    const punch = { ...fields, faceDescriptor: photo.descriptor, signature: await signOfflinePunch(secret, fields) };
    const forged = { ...punch, id: randomUUID(), signature: 'f'.repeat(64) };
    const first = await call(offlineRoute, { token: k.credential, body: { punches: [punch, forged] } });
    expect(first.status).toBe(200);
    const byId = Object.fromEntries(first.body.results.map((r: { id: string }) => [r.id, r]));
    expect(byId[punch.id]).toMatchObject({ status: 'accepted' });
    expect(byId[forged.id]).toMatchObject({ status: 'refused', message: OFFLINE_MESSAGES.signature });
    const record = await db.attendance.findUniqueOrThrow({ where: { id: byId[punch.id].attendanceId }, include: { flags: true } });
    expect(record.checkInAt.toISOString()).toBe(new Date(Date.parse(clientTime) + 90_000).toISOString());
    expect(record.checkInKioskId).toBe(k.id);
    expect(record.reviewDecision).toBeNull();
    expect(record.flags.map((f) => f.reason)).toEqual(['offline']);
    const again = await call(offlineRoute, { token: k.credential, body: { punches: [punch] } });
    expect(again.body.results).toEqual([byId[punch.id]]);
    expect(await db.attendance.count({ where: { userId: people.b.id } })).toBe(1);
    expect(await db.kioskOfflinePunch.count({ where: { kioskId: k.id } })).toBe(1);
  });

  it('goes through the same rules: a second check-in of the day becomes the check-out; a punch older than a day is refused', async () => {
    const k = await pairNew();
    const secret = k.credential.split('.').slice(2).join('.');
    const photo = await faceFixture('person-c-1.jpg');
    const make = async (minutesAgo: number) => {
      const fields = {
        id: randomUUID(),
        userId: people.c.id,
        clientTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
        offsetMs: 0,
        faceImage: photo.dataUrl,
      };
      return { ...fields, faceDescriptor: photo.descriptor, signature: await signOfflinePunch(secret, fields) };
    };
    // Both punches on one office day (WIB): 30 and 5 minutes ago, or, in the first 40 minutes after midnight,
    // at 23:30 and 23:55 the day before (a run at 00:15 WIB once put them on two days: two check-ins).
    const wibMinutes = (Math.floor(Date.now() / 60_000) + 7 * 60) % 1440;
    const [lateAgo, earlyAgo] = wibMinutes >= 40 ? [5, 30] : [wibMinutes + 5, wibMinutes + 30];
    const [late, early, stale] = [await make(lateAgo), await make(earlyAgo), await make(25 * 60)];
    const res = await call(offlineRoute, { token: k.credential, body: { punches: [late, early, stale] } });
    const byId = Object.fromEntries(res.body.results.map((r: { id: string }) => [r.id, r]));
    expect(byId[stale.id]).toMatchObject({ status: 'refused', message: OFFLINE_MESSAGES.tooOld });
    expect(byId[early.id]).toMatchObject({ status: 'accepted', message: 'Check-in berhasil' });
    expect(byId[late.id]).toMatchObject({ status: 'accepted', message: 'Check-out berhasil' });
    const record = await db.attendance.findFirstOrThrow({ where: { userId: people.c.id }, include: { flags: true } });
    expect(record.checkOutKioskId).toBe(k.id);
    expect(record.flags.map((f) => `${f.phase}:${f.reason}`).sort()).toEqual(['check_in:offline', 'check_out:offline']);
  });
});

describe('NIK or PIN first (company setting)', () => {
  const setMode = async (kioskIdentifyMode: unknown) => {
    const current = await call(settingsRoute, { token: admin.token });
    return call(settingsPutRoute, {
      method: 'PUT',
      token: admin.token,
      body: { companyName: current.body.companyName || 'PT Kiosk Uji', workingHours: current.body.workingHours, kioskIdentifyMode },
    });
  };

  it('is the admin’s choice in Pengaturan, audited, and told to the kiosk; a mode that does not exist changes nothing', async () => {
    const k = await pairNew();
    expect((await call(meRoute, { token: k.credential })).body.identifyMode).toBe('face');
    const before = await dbSnapshot();
    const bad = await setMode('nik_saja');
    expect([bad.status, bad.body.fields?.kioskIdentifyMode]).toEqual([400, 'Cara identifikasi di kiosk tidak valid']);
    expect(await dbSnapshot()).toEqual(before);
    const res = await setMode('id_first');
    expect(res.status).toBe(200);
    expect(res.body.settings.kioskIdentifyMode).toBe('id_first');
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'settings.update' }, orderBy: { id: 'desc' } });
    expect([
      (audit.before as { kioskIdentifyMode: string }).kioskIdentifyMode,
      (audit.after as { kioskIdentifyMode: string }).kioskIdentifyMode,
    ]).toEqual(['face', 'id_first']);
    expect((await call(meRoute, { token: k.credential })).body.identifyMode).toBe('id_first');
  });

  it('the face alone is refused; with a NIK (any case) or a machine PIN the face is matched to that one person', async () => {
    const k = await pairNew();
    await db.user.update({ where: { id: people.b.id }, data: { employeeNumber: 'NIK0042' } });
    await db.user.update({ where: { id: people.a.id }, data: { machinePin: '3107' } });
    const before = await dbSnapshot();
    const faceOnly = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-b-1.jpg'] } });
    expect([faceOnly.status, faceOnly.body.error]).toEqual([400, KIOSK_MESSAGES.keyRequired]);
    const junk = await call(identifyRoute, {
      token: k.credential,
      body: { faceDescriptor: probe['person-b-1.jpg'], personKey: "1' OR '1" },
    });
    expect(junk.status).toBe(400);
    expect(await dbSnapshot()).toEqual(before);
    const byNik = await call(identifyRoute, {
      token: k.credential,
      body: { faceDescriptor: probe['person-b-1.jpg'], personKey: 'nik0042' },
    });
    expect(byNik.status, JSON.stringify(byNik.body)).toBe(200);
    expect(byNik.body).toMatchObject({ userId: people.b.id, name: 'Budi Santoso' });
    const byPin = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: probe['person-a-3.jpg'], personKey: '3107' } });
    expect(byPin.body).toMatchObject({ userId: people.a.id, name: 'Ani Lestari' });
  });

  it('a NIK/PIN with someone else’s face, or one nobody here carries, is one refusal that tells nothing apart', async () => {
    const k = await pairNew();
    const before = await dbSnapshot();
    for (const personKey of ['NIK0042', 'TIDAKADA', '3107']) {
      const face = personKey === '3107' ? probe['person-b-1.jpg'] : probe['person-a-2.jpg'];
      const res = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: face, personKey } });
      expect([res.status, res.body.code, res.body.error], personKey).toEqual([422, 'FACE_UNKNOWN', KIOSK_MESSAGES.keyMismatch]);
    }
    // Dedi (previous block) carries a PIN too, but works at another office: not this kiosk's.
    const dedi = await db.user.findFirstOrThrow({ where: { name: 'Dedi Cabang' }, include: { faceProfile: true } });
    await db.user.update({ where: { id: dedi.id }, data: { machinePin: '5151' } });
    const elsewhere = await call(identifyRoute, {
      token: k.credential,
      body: { faceDescriptor: dedi.faceProfile!.descriptor, personKey: '5151' },
    });
    expect(elsewhere.body.error).toBe(KIOSK_MESSAGES.keyMismatch);
    expect(await dbSnapshot()).toEqual({ ...before, User: expect.anything() });
  });

  it('1:1 tells apart two people whose faces 1:N cannot, and the punch follows the phone’s rules at the kiosk', async () => {
    const k = await pairNew();
    // Eko's enrolment is Budi's face moved by 0.045: 1:N sees two people too close to tell (0.1 is needed).
    const twin = probe['person-b-1.jpg']!.map((v, i) => v + (i % 2 ? 0.004 : -0.004));
    const { user: eko } = await createUser({ name: 'Eko Kembar' });
    await enrolFace(eko.id, twin);
    await db.user.update({ where: { id: eko.id }, data: { employeeNumber: 'EKO7' } });
    expect((await setMode('face')).status).toBe(200);
    const oneToMany = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: twin } });
    expect(oneToMany.body.code).toBe('FACE_AMBIGUOUS');
    expect((await setMode('id_first')).status).toBe(200);
    const who = await call(identifyRoute, { token: k.credential, body: { faceDescriptor: twin, personKey: 'EKO7' } });
    expect(who.status, JSON.stringify(who.body)).toBe(200);
    expect(who.body).toMatchObject({ userId: eko.id, action: 'check-in' });
    const photo = await faceFixture('person-b-1.jpg');
    const punch = await call(punchRoute, {
      token: k.credential,
      body: {
        userId: eko.id,
        action: 'check-in',
        challengeId: who.body.challenge.id,
        faceImage: photo.dataUrl,
        faceDescriptor: twin,
        ...(await livenessAnswer(who.body.challenge.steps, twin)),
      },
    });
    expect(punch.status, JSON.stringify(punch.body)).toBe(200);
    const record = await db.attendance.findUniqueOrThrow({ where: { id: punch.body.attendance.id } });
    expect([record.userId, record.checkInKioskId]).toEqual([eko.id, k.id]);
    expect((await setMode('face')).status).toBe(200);
  });
});
