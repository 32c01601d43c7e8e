// Status Wajah (docs/face.md): who has an active face enrolment, counted per office and division and
// filtered by them, and the reminder: once a day per person, only to active employees without one,
// audited; nobody to remind changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as statusRoute } from '@/app/api/face/status/route';
import { POST as remindRoute } from '@/app/api/face/status/remind/route';
import { db } from '@/lib/server/db';
import { getMainOffice } from '@/features/offices/server/offices';
import { call, createUser, enrolFace } from '../helpers';

let hr: Awaited<ReturnType<typeof createUser>>;
let ani: Awaited<ReturnType<typeof createUser>>;
let budi: Awaited<ReturnType<typeof createUser>>;
let citra: Awaited<ReturnType<typeof createUser>>;
let dodi: Awaited<ReturnType<typeof createUser>>;
let gudang: string;
let branch: string;

beforeAll(async () => {
  hr = await createUser({ role: 'hr', name: 'Hana HR' });
  // Ani (Gudang, main office) enrolled herself; Budi (Gudang, branch) was enrolled by Hana; Citra (no
  // division, branch) and Dodi (Gudang, main office) have none; Eko is deactivated and Fani waits for approval.
  ani = await createUser({ name: 'Ani' });
  budi = await createUser({ name: 'Budi' });
  citra = await createUser({ name: 'Citra' });
  dodi = await createUser({ name: 'Dodi' });
  const eko = await createUser({ name: 'Eko' });
  const fani = await createUser({ name: 'Fani' });
  gudang = (await db.division.create({ data: { name: 'Gudang' } })).id;
  branch = (await db.office.create({ data: { name: 'Cabang Medan', latitude: 3.59, longitude: 98.67, timezone: 'Asia/Jakarta' } })).id;
  await db.user.update({ where: { id: ani.user.id }, data: { divisionId: gudang, employeeNumber: 'G001' } });
  await db.user.update({ where: { id: budi.user.id }, data: { divisionId: gudang, homeOfficeId: branch } });
  await db.user.update({ where: { id: citra.user.id }, data: { homeOfficeId: branch } });
  await db.user.update({ where: { id: dodi.user.id }, data: { divisionId: gudang } });
  await db.user.update({ where: { id: eko.user.id }, data: { deactivatedAt: new Date() } });
  await db.user.update({ where: { id: fani.user.id }, data: { pendingApproval: true } });
  await enrolFace(ani.user.id);
  await enrolFace(budi.user.id);
  await db.faceProfile.update({ where: { userId: budi.user.id }, data: { enrolledById: hr.user.id } });
});

const status = (query = '') => call(statusRoute, { token: hr.token, path: `/api/face/status${query}` });
const names = (people: { name: string }[]) =>
  people.map((p) => p.name).filter((n) => ['Ani', 'Budi', 'Citra', 'Dodi', 'Eko', 'Fani'].includes(n));

describe('GET /api/face/status', () => {
  it('lists active employees with their enrolment, counted per office and division', async () => {
    const res = await status();
    expect(res.status).toBe(200);
    expect(names(res.body.people)).toEqual(['Ani', 'Budi', 'Citra', 'Dodi']);
    const ani1 = res.body.people.find((p: { name: string }) => p.name === 'Ani');
    expect(ani1).toMatchObject({ enrolled: true, employeeNumber: 'G001', division: 'Gudang', enrolledBy: { self: true } });
    expect(res.body.people.find((p: { name: string }) => p.name === 'Budi')).toMatchObject({
      enrolled: true,
      officeName: 'Cabang Medan',
      enrolledBy: { id: hr.user.id, name: 'Hana HR', self: false },
    });
    expect(res.body.people.find((p: { name: string }) => p.name === 'Citra')).toMatchObject({ enrolled: false, enrolledBy: null });
    // Cabang Medan: Budi (enrolled) and Citra (not) → 2, 1 enrolled. Gudang: Ani, Budi, Dodi → 3, 2.
    expect(res.body.byOffice.find((g: { id: string }) => g.id === branch)).toEqual({
      id: branch,
      name: 'Cabang Medan',
      total: 2,
      enrolled: 1,
    });
    expect(res.body.byDivision.find((g: { id: string }) => g.id === gudang)).toEqual({ id: gudang, name: 'Gudang', total: 3, enrolled: 2 });
  });

  it('filters by office (the main office holds those without a home office), division and status', async () => {
    const main = await getMainOffice();
    expect(names((await status(`?officeId=${branch}`)).body.people)).toEqual(['Budi', 'Citra']);
    expect(names((await status(`?officeId=${main.id}`)).body.people)).toEqual(['Ani', 'Dodi']);
    const byDivision = await status(`?divisionId=${gudang}&state=belum`);
    expect(names(byDivision.body.people)).toEqual(['Dodi']);
    // The counts are of the office and division filter, before the status filter.
    expect(byDivision.body).toMatchObject({ total: 3, enrolled: 2, notEnrolled: 1 });
    expect(names((await status('?divisionId=none')).body.people)).toEqual(['Citra']);
    expect(names((await status('?state=sudah')).body.people)).toEqual(['Ani', 'Budi']);
    expect((await status('?state=semua')).status).toBe(400);
    expect((await call(statusRoute, { token: ani.token, path: '/api/face/status' })).status).toBe(403);
  });
});

describe('POST /api/face/status/remind', () => {
  it('reminds the ones without a face, once a day each; audited; nobody to remind writes nothing', async () => {
    const remind = (userIds: string[]) => call(remindRoute, { method: 'POST', token: hr.token, body: { userIds } });
    const before = await db.notification.count();
    // Ani is enrolled: left out. Citra and Dodi get 'face.not_enrolled'.
    const res = await remind([ani.user.id, citra.user.id, dodi.user.id]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reminded: 2, skipped: 1 });
    expect(res.body.message).toBe('Pengingat dikirim ke 2 karyawan; 1 sudah diingatkan hari ini atau sudah terdaftar.');
    const sent = await db.notification.findMany({ where: { kind: 'face.not_enrolled', userId: { in: [citra.user.id, dodi.user.id] } } });
    expect(sent.map((n) => n.title)).toEqual(['Wajah Anda belum terdaftar', 'Wajah Anda belum terdaftar']);
    expect(await db.notification.count()).toBe(before + 2);
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'face.remind' }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ actorId: hr.user.id, entity: 'User' });
    expect(audit.after).toEqual({ reminded: 2, skipped: 1, userIds: [citra.user.id, dodi.user.id].sort() });
    // The same day again: nobody left to remind (422), nothing written.
    const audits = await db.auditLog.count();
    const again = await remind([citra.user.id, dodi.user.id]);
    expect(again.status).toBe(422);
    expect(again.body.error).toContain('Tidak ada karyawan yang perlu diingatkan');
    expect(await db.notification.count()).toBe(before + 2);
    expect(await db.auditLog.count()).toBe(audits);
    expect((await remind([])).status).toBe(400);
    expect((await remind(['bukan-id'])).status).toBe(400);
    expect((await call(remindRoute, { method: 'POST', token: ani.token, body: { userIds: [citra.user.id] } })).status).toBe(403);
  });
});
