// Who is told of a request (docs/notifications.md, "What is said, to whom"), through the routes, with the
// routing of docs/leave.md "Nothing stalls":
// - Sinta supervises Made and named Gita her delegate from today for a week: Made's leave and overtime
//   requests go to Sinta and Gita (both may take the step), not to HR or the admin;
// - Budi supervises Eko and is on approved leave today without a delegate: Eko's leave goes to Budi and to
//   HR and the admin, who may then take the step without giving a reason;
// - Sinta approves: Made hears of the step, HR and the admin now decide; HR refuses with a reason: Made
//   hears the decision with it;
// - Made's overtime request goes to Sinta and Gita; Gita refuses it in Sinta's place and Made hears it with
//   the reason; an overtime assignment goes to the employee (for consent), nobody else;
// - a correction goes to HR and the admin; HR's refusal reaches the employee with its reason.
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/server/db';
import { addDays, dateKeyInZone, isoWeekday } from '@/lib/dates';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as leaveStatus } from '@/app/api/leaves/[id]/status/route';
import { POST as overtimeRoute } from '@/app/api/overtime/route';
import { PUT as overtimeStatus } from '@/app/api/overtime/[id]/status/route';
import { POST as correctionRoute } from '@/app/api/corrections/route';
import { PUT as correctionStatus } from '@/app/api/corrections/[id]/status/route';
import { call, clearHolidays, configureMainOffice, createUser, setDefaultWorkingDays } from '../helpers';

const WIB = 'Asia/Jakarta';
const today = () => dateKeyInZone(new Date(), WIB);
/** The first Tuesday at least `days` ahead (a working day of the default week). */
const tuesdayAhead = (days: number) => {
  let d = addDays(today(), days);
  while (isoWeekday(d) !== 2) d = addDays(d, 1);
  return d;
};
type Made = Awaited<ReturnType<typeof createUser>>;
let admin: Made, hr: Made, sinta: Made, gita: Made, made: Made, budi: Made, eko: Made;
const joined = new Date(Date.now() - 200 * 86_400_000);

/** The person's inbox: kind and link, oldest first. */
async function told(u: Made) {
  const rows = await db.notification.findMany({ where: { userId: u.user.id }, orderBy: { createdAt: 'asc' } });
  return rows.map((n) => [n.kind, n.link]);
}
const clear = () => db.notification.deleteMany({});

beforeAll(async () => {
  await configureMainOffice({ timezone: WIB });
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await clearHolidays();
  admin = await createUser({ role: 'admin', name: 'Adi Admin' });
  hr = await createUser({ role: 'hr', name: 'Hana HR' });
  const person = (name: string) => createUser({ name, createdAt: joined });
  [sinta, gita, made, budi, eko] = await Promise.all([
    person('Sinta Atasan'),
    person('Gita Pengganti'),
    person('Made Anggota'),
    person('Budi Atasan'),
    person('Eko Anggota'),
  ]);
  await db.user.update({ where: { id: made.user.id }, data: { supervisorId: sinta.user.id } });
  await db.user.update({ where: { id: eko.user.id }, data: { supervisorId: budi.user.id } });
  const day = (key: string) => new Date(`${key}T00:00:00Z`);
  await db.supervisorDelegate.create({
    data: {
      supervisorId: sinta.user.id,
      delegateId: gita.user.id,
      startDate: day(today()),
      endDate: day(addDays(today(), 7)),
      createdById: sinta.user.id,
    },
  });
  await db.leaveRequest.create({
    data: {
      userId: budi.user.id,
      type: 'lainnya',
      startDate: day(addDays(today(), -1)),
      endDate: day(addDays(today(), 1)),
      reason: 'Cuti keluarga',
      status: 'approved',
    },
  });
});

describe('a request goes to whoever decides its current step', () => {
  it('the supervisor and the delegate she named for today; after her approval HR and the admin; the refusal to the employee', async () => {
    const start = tuesdayAhead(20);
    const applied = await call(applyRoute, {
      token: made.token,
      body: { type: 'lainnya', startDate: start, endDate: start, reason: 'Mengurus surat tanah di kampung' },
    });
    expect(applied.status).toBe(201);
    expect(await told(sinta)).toEqual([['leave.submitted', '/employee/team']]);
    expect(await told(gita)).toEqual([['leave.submitted', '/employee/team']]);
    for (const u of [hr, admin, made, budi, eko]) expect(await told(u)).toEqual([]);

    const approved = await call(leaveStatus, {
      method: 'PUT',
      token: sinta.token,
      params: { id: applied.body._id },
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(await told(made)).toEqual([['leave.step', '/employee/leave']]);
    expect(await told(hr)).toEqual([['leave.submitted', '/hr/approvals']]);
    expect(await told(admin)).toEqual([['leave.submitted', '/admin/approvals']]);
    expect((await told(gita)).length).toBe(1);

    const refused = await call(leaveStatus, {
      method: 'PUT',
      token: hr.token,
      params: { id: applied.body._id },
      body: { status: 'rejected', note: 'Kuota izin tanpa upah bulan ini habis' },
    });
    expect(refused.status).toBe(200);
    const last = await db.notification.findFirstOrThrow({ where: { userId: made.user.id, kind: 'leave.decided' } });
    expect(last.title).toBe('Pengajuan Izin Tanpa Upah Anda ditolak');
    expect(last.body).toMatch(/ditolak oleh Hana HR\. Catatan: Kuota izin tanpa upah bulan ini habis$/);
    // HR's own decision is not announced to HR.
    expect(await told(hr)).toEqual([['leave.submitted', '/hr/approvals']]);
  });

  it('a supervisor on leave today who named nobody: the supervisor, and HR and the admin, who may take the step', async () => {
    await clear();
    const start = tuesdayAhead(21);
    const applied = await call(applyRoute, {
      token: eko.token,
      body: { type: 'lainnya', startDate: start, endDate: start, reason: 'Menghadiri wisuda adik di Bandung' },
    });
    expect(applied.status).toBe(201);
    expect(await told(budi)).toEqual([['leave.submitted', '/employee/team']]);
    expect(await told(hr)).toEqual([['leave.submitted', '/hr/approvals']]);
    expect(await told(admin)).toEqual([['leave.submitted', '/admin/approvals']]);
    for (const u of [sinta, gita, eko]) expect(await told(u)).toEqual([]);
    // HR may indeed take it now without a reason (the supervisor is away).
    const taken = await call(leaveStatus, {
      method: 'PUT',
      token: hr.token,
      params: { id: applied.body._id },
      body: { status: 'approved' },
    });
    expect(taken.status).toBe(200);
  });

  it('overtime: a request to the supervisor and her delegate; an assignment to the employee, for consent', async () => {
    await clear();
    const date = tuesdayAhead(3);
    const asked = await call(overtimeRoute, {
      token: made.token,
      body: { date, startTime: '17:00', endTime: '19:00', reason: 'Menyelesaikan laporan bulanan' },
    });
    expect(asked.status).toBe(201);
    expect(await told(sinta)).toEqual([['overtime.submitted', '/employee/team']]);
    expect(await told(gita)).toEqual([['overtime.submitted', '/employee/team']]);
    for (const u of [hr, admin, made]) expect(await told(u)).toEqual([]);
    // Gita refuses it in Sinta's place: Made hears it, with the reason.
    const refused = await call(overtimeStatus, {
      method: 'PUT',
      token: gita.token,
      params: { id: asked.body.id },
      body: { status: 'rejected', note: 'Laporan bisa diselesaikan besok pagi' },
    });
    expect(refused.status).toBe(200);
    const decided = await db.notification.findFirstOrThrow({ where: { userId: made.user.id } });
    expect(decided).toMatchObject({ kind: 'overtime.decided', link: '/employee/overtime' });
    expect(decided.body).toMatch(/Gita Pengganti.*Catatan: Laporan bisa diselesaikan besok pagi$/);

    await clear();
    const assigned = await call(overtimeRoute, {
      token: admin.token,
      body: { userId: eko.user.id, date, startTime: '17:00', endTime: '20:00', reason: 'Stok opname gudang', orderNumber: 'SPKL/2027/004' },
    });
    expect(assigned.status).toBe(201);
    const [n, ...rest] = await db.notification.findMany({});
    expect(rest).toEqual([]);
    expect(n).toMatchObject({ userId: eko.user.id, kind: 'overtime.assigned' });
  });

  it('a correction: HR and the admin decide it; the refusal reaches the employee with its reason', async () => {
    await clear();
    let date = addDays(today(), -7);
    while (isoWeekday(date) > 5) date = addDays(date, -1);
    const asked = await call(correctionRoute, {
      token: eko.token,
      body: { date, kind: 'tambah_jam', checkIn: '08:00', checkOut: '17:00', reason: 'Ponsel mati seharian, lupa absen' },
    });
    expect(asked.status).toBe(201);
    expect(await told(hr)).toEqual([['correction.submitted', '/hr/approvals']]);
    expect(await told(admin)).toEqual([['correction.submitted', '/admin/approvals']]);
    for (const u of [eko, budi]) expect(await told(u)).toEqual([]);
    const refused = await call(correctionStatus, {
      method: 'PUT',
      token: hr.token,
      params: { id: asked.body.id },
      body: { status: 'rejected', note: 'Tidak ada bukti kehadiran di kantor' },
    });
    expect(refused.status).toBe(200);
    const decided = await db.notification.findFirstOrThrow({ where: { userId: eko.user.id } });
    expect(decided.kind).toBe('correction.decided');
    expect(decided.body).toMatch(/Catatan: Tidak ada bukti kehadiran di kantor$/);
  });
});
