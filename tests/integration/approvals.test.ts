// HR acts for people and nothing stalls (docs/leave.md, docs/overtime.md, docs/roles.md): leave and
// overtime filed on an employee's behalf (who for whom), each type's backdating window, two steps taken by
// two people (or one, recorded, under the company setting), a supervisor step taken by the delegate, by HR
// when the supervisor is away or the step has escalated, or by HR with a reason in the supervisor's place;
// a required reason on every rejection; the approval list's pages. Every figure is worked by hand on the
// fixed day Wednesday 3 February 2027, 09:00 WIB, every day of the week a working day, no holidays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { GET as allRoute } from '@/app/api/leaves/all/route';
import { GET as userRoute } from '@/app/api/leaves/user/[userId]/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { GET as attachmentRoute } from '@/app/api/leaves/[id]/attachment/route';
import { POST as overtimeRoute, GET as overtimeListRoute } from '@/app/api/overtime/route';
import { POST as correctionRoute, GET as correctionListRoute } from '@/app/api/corrections/route';
import { PUT as overtimeStatusRoute } from '@/app/api/overtime/[id]/status/route';
import { POST as consentRoute } from '@/app/api/overtime/[id]/consent/route';
import { POST as delegateRoute } from '@/app/api/delegates/route';
import { GET as candidatesRoute } from '@/app/api/delegates/candidates/route';
import { PUT as approvalSettingsRoute } from '@/app/api/settings/approvals/route';
import { GET as attendanceAllRoute } from '@/app/api/attendance/all/route';
import { POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { db } from '@/lib/server/db';
import { dateKeyToDate } from '@/lib/dates';
import { call, clearHolidays, createUser, setDefaultWorkingDays } from '../helpers';

type Made = Awaited<ReturnType<typeof createUser>>;
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;
const LETTER = { name: 'surat-dokter.pdf', data: PDF };
const sick = (userId: string, start: string, end = start, over: Record<string, unknown> = {}) => ({
  userId,
  type: 'sakit',
  startDate: start,
  endDate: end,
  reason: 'Demam tinggi, surat dokter terlampir',
  ...over,
});
const unpaid = (userId: string, start = '2027-02-15') => ({
  userId,
  type: 'lainnya',
  startDate: start,
  endDate: start,
  reason: 'Mengurus dokumen keluarga',
});
const decide = (token: string, id: string, body: Record<string, unknown>) =>
  call(statusRoute, { method: 'PUT', token, params: { id }, body });

let admin: Made, hr: Made, hr2: Made, boss: Made, emp: Made;
const JOINED = new Date('2026-01-05T02:00:00Z');

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-02-03T02:00:00Z'));
  await db.user.deleteMany({});
  await db.supervisorDelegate.deleteMany({});
  await db.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: { approvalSingleStep: false, approvalEscalationDays: 3 } });
  await setDefaultWorkingDays([1, 2, 3, 4, 5, 6, 7]);
  await clearHolidays();
  await db.leaveTypeConfig.update({ where: { code: 'sakit' }, data: { backdateDays: 7 } });
  // Everyone joined long before the weeks these tests look at.
  const createdAt = JOINED;
  admin = await createUser({ role: 'admin', name: 'Pemilik', createdAt });
  hr = await createUser({ role: 'hr', name: 'Hana HR', createdAt });
  hr2 = await createUser({ role: 'hr', name: 'Indra HR', createdAt });
  boss = await createUser({ name: 'Sari Atasan', createdAt });
  emp = await createUser({ name: 'Budi', createdAt });
  await db.user.update({ where: { id: emp.user.id }, data: { supervisorId: boss.user.id } });
}, 300_000);

afterEach(() => {
  vi.useRealTimers();
});

describe('on behalf: HR files leave for an employee', () => {
  it("files yesterday's sick leave with a letter; the employee sees who filed it", async () => {
    const res = await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-02-02', '2027-02-02', { attachment: LETTER }) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: emp.user.id, days: 1, status: 'pending', filedByName: 'Hana HR', hasAttachment: true });
    const mine = await call(userRoute, { token: emp.token, params: { userId: emp.user.id } });
    expect(mine.body.map((l: { filedByName: string | null }) => l.filedByName)).toEqual(['Hana HR']);
    const row = await db.leaveRequest.findUniqueOrThrow({ where: { id: res.body.id } });
    expect([row.filedById, row.userId]).toEqual([hr.user.id, emp.user.id]);
  });

  it('Sakit reaches 7 days back (27 January), not 8; its letter from the second day; annual leave not before today', async () => {
    expect((await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-01-27') })).status).toBe(201);
    const eight = await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-01-26') });
    expect([eight.status, eight.body.error]).toEqual([400, 'Sakit dapat diajukan paling lambat 7 hari setelah tanggal mulai']);
    const two = await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-02-01', '2027-02-02') });
    expect([two.status, two.body.code]).toEqual([400, 'LEAVE_ATTACHMENT_REQUIRED']);
    const annual = await call(applyRoute, { token: hr.token, body: { ...sick(emp.user.id, '2027-02-02'), type: 'cuti' } });
    expect([annual.status, annual.body.error]).toEqual([400, 'Tanggal mulai tidak boleh sebelum hari ini']);
    // The window is the type's: the employee may file their own sick day of yesterday too.
    expect((await call(applyRoute, { token: emp.token, body: sick(emp.user.id, '2027-02-02') })).status).toBe(201);
  });

  it('the window is configurable on Jenis Cuti: Sakit at 2 days refuses 29 January', async () => {
    await db.leaveTypeConfig.update({ where: { code: 'sakit' }, data: { backdateDays: 2 } });
    const res = await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-01-31') });
    expect([res.status, res.body.error]).toEqual([400, 'Sakit dapat diajukan paling lambat 2 hari setelah tanggal mulai']);
    expect((await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-02-01') })).status).toBe(201);
  });

  it('an employee cannot file for another; HR cannot file for an HR or admin account; nothing is written', async () => {
    const other = await call(applyRoute, { token: boss.token, body: unpaid(emp.user.id) });
    expect(other.status).toBe(403);
    const forHr = await call(applyRoute, { token: hr.token, body: unpaid(hr2.user.id) });
    expect([forHr.status, forHr.body.error]).toEqual([400, 'Pengajuan atas nama orang lain hanya untuk karyawan']);
    const ownHr = await call(applyRoute, { token: hr.token, body: unpaid(hr.user.id) });
    expect(ownHr.status).toBe(403);
    expect(await db.leaveRequest.count()).toBe(0);
  });

  it('the employee is told of what is filed in their name (leave, overtime, a direct correction); of their own, not', async () => {
    expect((await call(applyRoute, { token: hr.token, body: sick(emp.user.id, '2027-02-02') })).status).toBe(201);
    const overtime = {
      userId: emp.user.id,
      onBehalf: true,
      date: '2027-01-20',
      startTime: '18:00',
      endTime: '19:00',
      reason: 'Stok opname',
    };
    expect((await call(overtimeRoute, { token: hr.token, body: overtime })).status).toBe(201);
    const direct = { userId: emp.user.id, date: '2027-02-01', kind: 'sanggah_alpa', reason: 'Mesin absensi rusak pagi itu' };
    expect((await call(correctionRoute, { token: hr.token, body: direct })).status).toBe(201);
    // The employee's own request tells the deciders, never the employee.
    expect((await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).status).toBe(201);
    const told = await db.notification.findMany({ where: { userId: emp.user.id }, orderBy: { createdAt: 'asc' } });
    expect(told.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      [
        'leave.filed_for',
        'Sakit diajukan atas nama Anda',
        'Hana HR mengajukan Sakit 2 Feb 2027 (1 hari) atas nama Anda. Alasan: Demam tinggi, surat dokter terlampir',
        '/employee/leave',
      ],
      [
        'overtime.filed_for',
        'Lembur dicatat atas nama Anda',
        'Hana HR mencatat lembur 20 Jan 2027 18:00–19:00 atas nama Anda. Alasan: Stok opname',
        '/employee/overtime',
      ],
      [
        'correction.filed_for',
        'Absensi Anda dikoreksi',
        'Hana HR mengoreksi absensi Anda untuk 1 Feb 2027. Alasan: Mesin absensi rusak pagi itu',
        '/employee/corrections',
      ],
    ]);
  });
});

describe('two steps are two people', () => {
  it('an HR supervisor approves the first step; the second is another HR’s, never theirs', async () => {
    await db.user.update({ where: { id: emp.user.id }, data: { supervisorId: hr.user.id } });
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).body;
    const first = await decide(hr.token, leave.id, { status: 'approved' });
    expect(first.body).toMatchObject({ status: 'pending', awaiting: 'hr' });
    const again = await decide(hr.token, leave.id, { status: 'approved' });
    expect([again.status, again.body.error]).toEqual([
      403,
      'Langkah HR diputuskan oleh admin atau HR lain, bukan oleh yang sudah menyetujui sebagai atasan.',
    ]);
    const second = await decide(hr2.token, leave.id, { status: 'approved', note: 'Lengkap' });
    expect(second.body).toMatchObject({ status: 'approved', singleStep: false });
    expect(second.body.steps.map((s: { step: string; actorName: string }) => `${s.step}:${s.actorName}`)).toEqual([
      'atasan:Hana HR',
      'hr:Indra HR',
    ]);
  });

  it('under the one-step setting the HR supervisor’s approval is the whole decision, recorded on the request', async () => {
    await call(approvalSettingsRoute, { method: 'PUT', token: admin.token, body: { singleStep: true } });
    await db.user.update({ where: { id: emp.user.id }, data: { supervisorId: hr.user.id } });
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).body;
    const res = await decide(hr.token, leave.id, { status: 'approved' });
    expect(res.body).toMatchObject({ status: 'approved', singleStep: true, awaiting: null });
    expect((await db.leaveRequest.findUniqueOrThrow({ where: { id: leave.id } })).supervisorApprovedById).toBe(hr.user.id);
  });

  it('an overtime assignment to an HR officer: their consent approves nothing; the assigner may not, another may', async () => {
    const assigned = await call(overtimeRoute, {
      token: hr.token,
      body: { userId: hr2.user.id, date: '2027-02-06', startTime: '18:00', endTime: '20:00', reason: 'Tutup buku bulanan' },
    });
    expect(assigned.status).toBe(201);
    const consent = await call(consentRoute, { token: hr2.token, params: { id: assigned.body.id }, body: { accept: true } });
    expect(consent.body).toMatchObject({ status: 'pending', awaiting: 'hr' });
    const byAssigner = await call(overtimeStatusRoute, {
      method: 'PUT',
      token: hr.token,
      params: { id: assigned.body.id },
      body: { status: 'approved' },
    });
    expect([byAssigner.status, byAssigner.body.error]).toEqual([
      403,
      'Lembur yang Anda tugaskan atau catat untuk karyawan diputuskan oleh admin atau HR lain.',
    ]);
    const byAdmin = await call(overtimeStatusRoute, {
      method: 'PUT',
      token: admin.token,
      params: { id: assigned.body.id },
      body: { status: 'approved' },
    });
    expect(byAdmin.body).toMatchObject({ status: 'approved', processedByName: 'Pemilik' });
  });
});

describe('nothing stalls', () => {
  it('HR takes a pending supervisor step only with a reason, recorded in the supervisor’s place', async () => {
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).body;
    const bare = await decide(hr.token, leave.id, { status: 'approved' });
    expect([bare.status, bare.body.code]).toEqual([409, 'LEAVE_AWAITING_SUPERVISOR']);
    const res = await decide(hr.token, leave.id, { status: 'approved', note: 'Atasan dinas luar, tidak dapat dihubungi' });
    expect(res.body).toMatchObject({ status: 'pending', awaiting: 'hr' });
    expect(res.body.steps[0]).toMatchObject({ step: 'atasan', actorName: 'Hana HR', inPlaceOfName: 'Sari Atasan' });
    expect((await decide(hr.token, leave.id, { status: 'approved' })).status).toBe(403);
    expect((await decide(admin.token, leave.id, { status: 'approved' })).body.status).toBe('approved');
  });

  it('the delegate of today takes the step (and opens the letter); a colleague does not', async () => {
    const named = await call(delegateRoute, {
      token: boss.token,
      body: { delegateId: hr2.user.id, startDate: '2027-02-01', endDate: '2027-02-05' },
    });
    expect(named.status).toBe(201);
    const leave = (
      await call(applyRoute, { token: emp.token, body: sick(emp.user.id, '2027-02-02', '2027-02-03', { attachment: LETTER }) })
    ).body;
    const colleague = await createUser({ name: 'Rekan', createdAt: JOINED });
    expect((await call(attachmentRoute, { token: colleague.token, params: { id: leave.id } })).status).toBe(403);
    expect((await call(attachmentRoute, { token: boss.token, params: { id: leave.id } })).status).toBe(200);
    expect((await call(attachmentRoute, { token: hr2.token, params: { id: leave.id } })).status).toBe(200);
    const res = await decide(hr2.token, leave.id, { status: 'approved' });
    expect(res.body.steps[0]).toMatchObject({ step: 'atasan', actorName: 'Indra HR', inPlaceOfName: 'Sari Atasan' });
    expect((await decide(hr.token, leave.id, { status: 'approved' })).body.status).toBe('approved');
  });

  it('a supervisor on approved leave today with no delegate: HR takes the step without a reason', async () => {
    await db.leaveRequest.create({
      data: {
        userId: boss.user.id,
        type: 'cuti',
        startDate: dateKeyToDate('2027-02-02'),
        endDate: dateKeyToDate('2027-02-04'),
        reason: 'Cuti tahunan',
        status: 'approved',
      },
    });
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).body;
    const res = await decide(hr.token, leave.id, { status: 'approved' });
    expect(res.body.steps[0]).toMatchObject({ step: 'atasan', inPlaceOfName: 'Sari Atasan' });
  });

  it('after 3 working days the step escalates to HR: filed 31 January it is HR’s, filed 1 February not yet', async () => {
    const old = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id, '2027-02-15') })).body;
    const recent = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id, '2027-02-16') })).body;
    await db.leaveRequest.update({ where: { id: old.id }, data: { appliedAt: new Date('2027-01-31T03:00:00Z') } });
    await db.leaveRequest.update({ where: { id: recent.id }, data: { appliedAt: new Date('2027-02-01T03:00:00Z') } });
    const page = await call(allRoute, { token: hr.token, path: '/api/leaves/all?page=1&limit=10&status=pending' });
    const routing = Object.fromEntries(page.body.map((l: { id: string; routing: { escalated: boolean } }) => [l.id, l.routing.escalated]));
    expect(routing).toEqual({ [old.id]: true, [recent.id]: false });
    expect((await decide(hr.token, old.id, { status: 'approved' })).status).toBe(200);
    expect((await decide(hr.token, recent.id, { status: 'approved' })).status).toBe(409);
  });

  it('the delay is the company’s: at 5 working days filed 31 January waits (3 so far); at 0 nothing escalates', async () => {
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id, '2027-02-15') })).body;
    await db.leaveRequest.update({ where: { id: leave.id }, data: { appliedAt: new Date('2027-01-31T03:00:00Z') } });
    const escalated = async () =>
      (await call(allRoute, { token: hr.token, path: '/api/leaves/all?page=1&limit=10&status=pending' })).body[0].routing.escalated;
    await db.settings.update({ where: { id: 1 }, data: { approvalEscalationDays: 5 } });
    expect(await escalated()).toBe(false);
    expect((await decide(hr.token, leave.id, { status: 'approved' })).body.code).toBe('LEAVE_AWAITING_SUPERVISOR');
    await db.settings.update({ where: { id: 1 }, data: { approvalEscalationDays: 0 } });
    expect(await escalated()).toBe(false);
    await db.settings.update({ where: { id: 1 }, data: { approvalEscalationDays: 2 } });
    expect(await escalated()).toBe(true);
    expect((await decide(hr.token, leave.id, { status: 'approved' })).status).toBe(200);
  });
});

describe('Tunjuk Pengganti: whom a supervisor may name', () => {
  it('a supervisor gets every active account but their own; someone without a team none; HR everyone but themselves', async () => {
    await db.user.update({ where: { id: hr2.user.id }, data: { deactivatedAt: new Date('2027-01-01T00:00:00Z') } });
    const names = async (token: string) => (await call(candidatesRoute, { token })).body.map((u: { name: string }) => u.name);
    expect(await names(boss.token)).toEqual(['Budi', 'Hana HR', 'Pemilik']);
    expect(await names(emp.token)).toEqual([]);
    expect(await names(hr.token)).toEqual(['Budi', 'Pemilik', 'Sari Atasan']);
  });

  it('with limit: one page of the candidates matching the search, the count in headers (the picker)', async () => {
    const page = (token: string, q: string) => call(candidatesRoute, { token, path: `/api/delegates/candidates?${q}` });
    const everyone: string[] = (await call(candidatesRoute, { token: boss.token })).body.map((u: { name: string }) => u.name);
    const first = await page(boss.token, 'limit=1');
    expect(first.body.map((u: { name: string }) => u.name)).toEqual(everyone.slice(0, 1));
    expect(first.headers.get('X-Total-Count')).toBe(String(everyone.length));
    expect((await page(boss.token, 'limit=1&page=2')).body.map((u: { name: string }) => u.name)).toEqual(everyone.slice(1, 2));
    expect((await page(boss.token, 'limit=20&search=PEMI')).body.map((u: { name: string }) => u.name)).toEqual(['Pemilik']);
    const none = await page(emp.token, 'limit=20');
    expect([none.body, none.headers.get('X-Total-Count')]).toEqual([[], '0']);
    expect((await page(boss.token, 'limit=101')).status).toBe(400);
  });
});

describe('decisions carry a reason', () => {
  it('a rejection without a reason is refused and changes nothing; with one the employee reads it', async () => {
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).body;
    const bare = await decide(boss.token, leave.id, { status: 'rejected' });
    expect([bare.status, bare.body.fields]).toEqual([400, { note: 'Alasan penolakan harus diisi' }]);
    expect((await db.leaveRequest.findUniqueOrThrow({ where: { id: leave.id } })).status).toBe('pending');
    const res = await decide(boss.token, leave.id, { status: 'rejected', note: 'Tim sedang audit tahunan' });
    expect(res.body.status).toBe('rejected');
    const mine = await call(userRoute, { token: emp.token, params: { userId: emp.user.id } });
    expect(mine.body[0].steps[0]).toMatchObject({ decision: 'reject', note: 'Tim sedang audit tahunan' });
  });

  it('two people deciding the last step at once: one wins, the other is told it is already decided', async () => {
    await db.user.update({ where: { id: emp.user.id }, data: { supervisorId: null } });
    const leave = (await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id) })).body;
    const answers = await Promise.all([
      decide(hr.token, leave.id, { status: 'approved' }),
      decide(hr2.token, leave.id, { status: 'approved' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('LEAVE_ALREADY_PROCESSED');
    expect(await db.leaveStep.count({ where: { leaveId: leave.id } })).toBe(1);
  });
});

describe('overtime on behalf, any day of an open period', () => {
  it('HR records 40 days back (25 December 2026) for the employee; the employee alone may not', async () => {
    const body = { userId: emp.user.id, date: '2026-12-25', startTime: '18:00', endTime: '20:00', reason: 'Inventaris akhir tahun' };
    const own = await call(overtimeRoute, { token: emp.token, body });
    expect([own.status, own.body.code]).toEqual([422, 'OVERTIME_TOO_OLD']);
    const res = await call(overtimeRoute, { token: hr.token, body: { ...body, onBehalf: true } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ origin: 'request', status: 'pending', awaiting: 'atasan', filedByName: 'Hana HR', minutes: 120 });
  });
});

describe('corrections on behalf, any day of an open period', () => {
  it('HR corrects 20 November 2026 (75 days back) directly; the employee’s own request stops at 62 days', async () => {
    const body = { userId: emp.user.id, date: '2026-11-20', kind: 'sanggah_alpa', reason: 'Hadir rapat di kantor klien' };
    const own = await call(correctionRoute, { token: emp.token, body: { ...body, userId: undefined } });
    expect([own.status, own.body.code]).toEqual([422, 'CORRECTION_TOO_OLD']);
    const res = await call(correctionRoute, { token: hr.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: emp.user.id, date: '2026-11-20', status: 'approved', direct: true, requestedBy: 'Hana HR' });
  });
});

describe('the approval list pages on the server', () => {
  it('3 pending, 2 a page: 2 then 1, X-Total-Count 3; the February filter keeps the 2 in February', async () => {
    await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id, '2027-02-15') });
    await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id, '2027-02-16') });
    await call(applyRoute, { token: emp.token, body: unpaid(emp.user.id, '2027-03-01') });
    const first = await call(allRoute, { token: hr.token, path: '/api/leaves/all?page=1&limit=2' });
    expect([first.body.length, first.headers.get('X-Total-Count'), first.headers.get('X-Total-Pages')]).toEqual([2, '3', '2']);
    const second = await call(allRoute, { token: hr.token, path: '/api/leaves/all?page=2&limit=2' });
    expect(second.body.length).toBe(1);
    const feb = await call(allRoute, { token: boss.token, path: '/api/leaves/all?page=1&limit=10&month=2027-02' });
    expect([feb.body.length, feb.headers.get('X-Total-Count')]).toEqual([2, '2']);
  });

  it('overtime and corrections page the same way: 3 overtime, 2 a page; 2 corrections, 1 a page', async () => {
    for (const date of ['2027-01-20', '2027-01-21', '2027-01-22'])
      await call(overtimeRoute, {
        token: hr.token,
        body: { userId: emp.user.id, onBehalf: true, date, startTime: '18:00', endTime: '19:00', reason: 'Stok opname' },
      });
    const ot = await call(overtimeListRoute, { token: hr.token, path: '/api/overtime?page=2&limit=2' });
    expect([ot.body.length, ot.headers.get('X-Total-Count'), ot.body[0].date]).toEqual([1, '3', '2027-01-20']);
    for (const date of ['2027-02-01', '2027-02-02'])
      await call(correctionRoute, { token: emp.token, body: { date, kind: 'sanggah_alpa', reason: 'Mesin absensi bermasalah' } });
    const corr = await call(correctionListRoute, { token: hr.token, path: '/api/corrections?page=1&limit=1&status=pending' });
    expect([corr.body.length, corr.headers.get('X-Total-Count'), corr.headers.get('X-Total-Pages')]).toEqual([1, '2', '2']);
  });

  it('the inbox filters lembur and koreksi by month and office as cuti: January/February, the branch', async () => {
    const branch = await db.office.create({
      data: { name: 'Cabang Makassar', latitude: -5.147665, longitude: 119.432732, radius: 150, timezone: 'Asia/Makassar' },
    });
    const other = await createUser({ name: 'Citra Cabang', createdAt: JOINED });
    await db.user.update({ where: { id: other.user.id }, data: { homeOfficeId: branch.id } });
    // Overtime: Budi on 20 January and 1 February, Citra (the branch) on 2 February: 3 in all.
    for (const [who, date] of [
      [emp.user.id, '2027-01-20'],
      [emp.user.id, '2027-02-01'],
      [other.user.id, '2027-02-02'],
    ])
      expect(
        (
          await call(overtimeRoute, {
            token: hr.token,
            body: { userId: who, onBehalf: true, date, startTime: '18:00', endTime: '19:00', reason: 'Stok opname' },
          })
        ).status,
      ).toBe(201);
    const ot = async (q: string) => {
      const r = await call(overtimeListRoute, { token: hr.token, path: `/api/overtime?page=1&limit=10&${q}` });
      return [r.headers.get('X-Total-Count'), r.body.map((o: { date: string }) => o.date)];
    };
    expect(await ot('month=2027-02')).toEqual(['2', ['2027-02-02', '2027-02-01']]);
    expect(await ot('month=2027-01')).toEqual(['1', ['2027-01-20']]);
    expect(await ot(`officeId=${branch.id}`)).toEqual(['1', ['2027-02-02']]);
    expect(await ot(`month=2027-02&officeId=${branch.id}&status=pending`)).toEqual(['1', ['2027-02-02']]);
    // Corrections: Budi 29 January and 1 February, Citra 2 February.
    for (const [token, date] of [
      [emp.token, '2027-01-29'],
      [emp.token, '2027-02-01'],
      [other.token, '2027-02-02'],
    ])
      expect(
        (await call(correctionRoute, { token, body: { date, kind: 'sanggah_alpa', reason: 'Mesin absensi bermasalah' } })).status,
      ).toBe(201);
    const co = async (q: string) => {
      const r = await call(correctionListRoute, { token: hr.token, path: `/api/corrections?page=1&limit=10&${q}` });
      return [r.headers.get('X-Total-Count'), r.body.map((c: { date: string }) => c.date).sort()];
    };
    expect(await co('month=2027-02')).toEqual(['2', ['2027-02-01', '2027-02-02']]);
    expect(await co('month=2027-01&status=pending')).toEqual(['1', ['2027-01-29']]);
    expect(await co(`officeId=${branch.id}`)).toEqual(['1', ['2027-02-02']]);
    // A month that is not YYYY-MM is refused on both.
    expect((await call(overtimeListRoute, { token: hr.token, path: '/api/overtime?page=1&month=2027-13' })).status).toBe(400);
    expect((await call(correctionListRoute, { token: hr.token, path: '/api/corrections?page=1&month=Feb' })).status).toBe(400);
  });

  it('Perlu Tinjauan: waiting, confirmed, rejected and all flagged, paged; a rejection needs its reason', async () => {
    const flagged = async (date: string) =>
      (
        await db.attendance.create({
          data: {
            userId: emp.user.id,
            workDate: dateKeyToDate(date),
            checkInAt: new Date(`${date}T01:00:00Z`),
            checkInLatitude: -6.2,
            checkInLongitude: 106.8,
            checkInDistance: 5,
            faceCheckStatus: 'flagged',
          },
        })
      ).id;
    const [a, b, c] = [await flagged('2027-01-28'), await flagged('2027-02-01'), await flagged('2027-02-02')];
    // An unflagged record of the same week is in none of the inbox's lists.
    await db.attendance.create({
      data: {
        userId: emp.user.id,
        workDate: dateKeyToDate('2027-01-29'),
        checkInAt: new Date('2027-01-29T01:00:00Z'),
        checkInLatitude: -6.2,
        checkInLongitude: 106.8,
        checkInDistance: 5,
        faceCheckStatus: 'verified',
      },
    });
    const review = (id: string, body: Record<string, unknown>) => call(reviewRoute, { token: hr.token, params: { id }, body });
    const bare = await review(a, { decision: 'rejected' });
    expect([bare.status, bare.body.fields]).toEqual([400, { note: 'Alasan penolakan harus diisi' }]);
    expect((await db.attendance.findUniqueOrThrow({ where: { id: a } })).reviewDecision).toBeNull();
    expect((await review(a, { decision: 'rejected', note: 'Bukan orang yang sama' })).status).toBe(200);
    expect((await review(b, { decision: 'confirmed' })).status).toBe(200);
    const list = async (q: string) => {
      const r = await call(attendanceAllRoute, { token: hr.token, path: `/api/attendance/all?page=1&limit=2&${q}` });
      return [r.headers.get('X-Total-Count'), r.body.map((x: { id: string }) => x.id)];
    };
    expect(await list('review=perlu')).toEqual(['1', [c]]);
    expect(await list('review=ditolak')).toEqual(['1', [a]]);
    expect(await list('review=dikonfirmasi')).toEqual(['1', [b]]);
    expect(await list('review=ditandai')).toEqual(['3', [c, b]]);
    expect(await list('review=ditandai&startDate=2027-02-01&endDate=2027-02-28')).toEqual(['2', [c, b]]);
  });
});
