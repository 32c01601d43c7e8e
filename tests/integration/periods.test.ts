// Tutup Periode: closing a month (blockers, override with a reason), reopening (a reason, audited), and
// the lock: every route that would write into a closed month answers 409 "Periode {bulan tahun} sudah
// ditutup." and changes nothing; a trigger in the database refuses such writes from any code.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import jpeg from 'jpeg-js';
import { GET as listRoute } from '@/app/api/periods/route';
import { POST as closeRoute } from '@/app/api/periods/[month]/close/route';
import { POST as reopenRoute } from '@/app/api/periods/[month]/reopen/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { POST as applyRoute } from '@/app/api/leaves/apply/route';
import { PUT as statusRoute } from '@/app/api/leaves/[id]/status/route';
import { POST as cancelRoute } from '@/app/api/leaves/[id]/cancel/route';
import { POST as adjustRoute } from '@/app/api/leaves/balance/[userId]/adjust/route';
import { POST as assignRoute } from '@/app/api/schedules/[id]/assign/route';
import { DELETE as unassignRoute } from '@/app/api/schedules/assignments/[id]/route';
import { PUT as rosterRoute } from '@/app/api/roster/route';
import { POST as holidayCreateRoute } from '@/app/api/holidays/route';
import { PUT as holidayUpdateRoute, DELETE as holidayDeleteRoute } from '@/app/api/holidays/[id]/route';
import { POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { db } from '@/lib/server/db';
import { getDefaultSchedule } from '@/features/calendar/server/schedules';
import { assertPeriodOpen, periodBlockers } from '@/features/periods/server/periods';
import { toAppError } from '@/lib/server/errors';
import { dateKeyInZone, dateKeyToDate } from '@/lib/dates';
import { call, configureMainOffice, createUser, enrolFace, punchCall, setDefaultWorkingDays } from '../helpers';

const OCT = 'Periode Oktober 2026 sudah ditutup.';
const at = (key: string, hhmm = '08:00') => new Date(`${key}T${hhmm}:00+07:00`);
const today = () => dateKeyInZone(new Date(), 'Asia/Jakarta');
const thisMonth = () => today().slice(0, 7);
const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const thisMonthMessage = () => `Periode ${MONTHS[Number(thisMonth().slice(5, 7)) - 1]} ${thisMonth().slice(0, 4)} sudah ditutup.`;

const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
const DESCRIPTOR = Array.from({ length: 128 }, (_, i) => Math.sin(i) / 10);
const PHOTO = `data:image/jpeg;base64,${jpeg.encode({ data: Buffer.alloc(32 * 32 * 4, 0x80), width: 32, height: 32 }, 80).data.toString('base64')}`;
const mark = (userId: string) => ({
  userId,
  latitude: -6.175122,
  longitude: 106.827153,
  accuracy: 10,
  timestamp: '2020-01-01T00:00:00.000Z',
  faceImage: PHOTO,
  faceDescriptor: DESCRIPTOR,
  verificationMethod: 'face',
});

let admin: Awaited<ReturnType<typeof createUser>>;
let hr: Awaited<ReturnType<typeof createUser>>;
let emp: Awaited<ReturnType<typeof createUser>>;
let pendingLeaveId = '';
let _approvedLeaveId = '';
let flaggedId = '';
let assignmentId = '';
let holidayId = '';

async function expectClosed(res: { status: number; body: { error?: string; code?: string } }, message = OCT) {
  expect(res.status).toBe(409);
  expect(res.body).toMatchObject({ error: message, code: 'PERIOD_CLOSED' });
}

/** Closes the current month directly (the route refuses a month that has not ended) for the writes dated today. */
async function closeThisMonth<T>(fn: () => Promise<T>): Promise<T> {
  await db.period.upsert({ where: { month: thisMonth() }, create: { month: thisMonth(), status: 'closed' }, update: { status: 'closed' } });
  try {
    return await fn();
  } finally {
    await db.period.update({ where: { month: thisMonth() }, data: { status: 'open' } });
  }
}

beforeAll(async () => {
  await setDefaultWorkingDays([1, 2, 3, 4, 5]);
  await configureMainOffice({ ...OFFICE, radius: 100, timezone: 'Asia/Jakarta' });
  admin = await createUser({ role: 'admin', name: 'Admin Periode' });
  hr = await createUser({ role: 'hr', name: 'Hana HR' });
  emp = await createUser({ role: 'employee', name: 'Gita', createdAt: new Date('2026-01-05T02:00:00Z') });
  await enrolFace(emp.user.id, DESCRIPTOR);
  // October 2026, before the close: a pending leave (Mon 12) and a flagged, unreviewed record (Tue 13)
  // block it; an approved leave (Thu 22), an assignment (15 – 31 October) and a holiday (Fri 23).
  pendingLeaveId = (
    await db.leaveRequest.create({
      data: {
        userId: emp.user.id,
        type: 'sakit',
        category: 'sakit',
        startDate: dateKeyToDate('2026-10-12'),
        endDate: dateKeyToDate('2026-10-12'),
        reason: 'Demam tinggi',
        status: 'pending',
      },
    })
  ).id;
  _approvedLeaveId = (
    await db.leaveRequest.create({
      data: {
        userId: emp.user.id,
        type: 'sakit',
        category: 'sakit',
        startDate: dateKeyToDate('2026-10-22'),
        endDate: dateKeyToDate('2026-10-22'),
        reason: 'Periksa gigi',
        status: 'approved',
      },
    })
  ).id;
  flaggedId = (
    await db.attendance.create({
      data: {
        userId: emp.user.id,
        workDate: dateKeyToDate('2026-10-13'),
        checkInAt: at('2026-10-13'),
        checkInLatitude: -6.17,
        checkInLongitude: 106.82,
        checkInDistance: 4,
        faceCheckStatus: 'flagged',
      },
    })
  ).id;
  const schedule = await getDefaultSchedule();
  assignmentId = (
    await db.scheduleAssignment.create({
      data: { userId: emp.user.id, scheduleId: schedule.id, startDate: dateKeyToDate('2026-10-15'), endDate: dateKeyToDate('2026-10-31') },
    })
  ).id;
  holidayId = (await db.holiday.create({ data: { date: dateKeyToDate('2026-10-23'), name: 'Libur Kantor', kind: 'libur_perusahaan' } })).id;
});

describe('closing and reopening', () => {
  it('lists the blockers; refuses to close with them; closes with override and a reason; audited', async () => {
    // Blockers of October: 1 pending leave (12 Oct), 1 unreviewed flag (13 Oct), and 31 days no daily
    // close has classified: Gita's 31 days of October (the only payroll member employed then: the admin
    // is off the payroll, Hana HR joined today).
    expect(await periodBlockers(db, '2026-10')).toEqual([
      { kind: 'pending_leave', label: 'Pengajuan cuti menunggu keputusan', count: 1 },
      { kind: 'unreviewed_flags', label: 'Absensi ditandai belum ditinjau', count: 1 },
      { kind: 'open_days', label: 'Hari karyawan belum ditutup harian', count: 31 },
    ]);
    const list = await call(listRoute, { token: hr.token, path: '/api/periods?year=2026' });
    expect(list.status).toBe(200);
    expect(list.body.periods).toHaveLength(12);
    expect(list.body.periods[9]).toMatchObject({ month: '2026-10', label: 'Oktober 2026', status: 'open', ended: true });
    expect(list.body.periods[9].blockers.map((b: { count: number }) => b.count)).toEqual([1, 1, 31]);
    // An employee does not close (HR does, as the admin: docs/roles.md).
    expect((await call(closeRoute, { token: emp.token, params: { month: '2026-10' }, body: {} })).status).toBe(403);

    const blocked = await call(closeRoute, { token: admin.token, params: { month: '2026-10' }, body: {} });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({
      code: 'PERIOD_BLOCKED',
      error:
        'Periode Oktober 2026 belum dapat ditutup: Pengajuan cuti menunggu keputusan (1), Absensi ditandai belum ditinjau (1), Hari karyawan belum ditutup harian (31).',
    });
    expect((await call(closeRoute, { token: admin.token, params: { month: '2026-10' }, body: { override: true } })).status).toBe(400);
    // Refused: nothing written (no row means open).
    expect(await db.period.findUnique({ where: { month: '2026-10' } })).toBeNull();

    // The month has not ended: 422.
    const future = await call(closeRoute, { token: admin.token, params: { month: '2099-01' }, body: {} });
    expect(future.status).toBe(422);

    const ok = await call(closeRoute, {
      token: admin.token,
      params: { month: '2026-10' },
      body: { override: true, reason: 'Gaji harus dibayar; cuti diputus bulan depan' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Periode Oktober 2026 berhasil ditutup');
    const row = await db.period.findUniqueOrThrow({ where: { month: '2026-10' } });
    expect(row).toMatchObject({
      status: 'closed',
      closedById: admin.user.id,
      overrideReason: 'Gaji harus dibayar; cuti diputus bulan depan',
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'period.close', entityId: '2026-10' } });
    expect(audit.after).toMatchObject({ status: 'closed', override: true });
    // Closing twice: the lock's message.
    await expectClosed(await call(closeRoute, { token: admin.token, params: { month: '2026-10' }, body: {} }));
  });

  it('refuses every write into the closed month, one route at a time', async () => {
    const schedule = await getDefaultSchedule();
    const before = {
      leaves: await db.leaveRequest.findMany({ orderBy: { id: 'asc' } }),
      assignments: await db.scheduleAssignment.count(),
      roster: await db.rosterEntry.count(),
      holidays: await db.holiday.findMany({ orderBy: { id: 'asc' } }),
      attendance: await db.attendance.findUniqueOrThrow({ where: { id: flaggedId } }),
    };
    // Leave decision (HR approves the pending leave of 12 October) and the employee's cancellation of it.
    await expectClosed(
      await call(statusRoute, { method: 'PUT', token: hr.token, params: { id: pendingLeaveId }, body: { status: 'approved' } }),
    );
    await expectClosed(await call(cancelRoute, { token: emp.token, params: { id: pendingLeaveId }, body: {} }));
    // Schedule assignment starting inside it, and removing one that covers it.
    await expectClosed(
      await call(assignRoute, {
        token: admin.token,
        params: { id: schedule.id },
        body: { userIds: [emp.user.id], startDate: '2026-10-20', endDate: '2026-11-10' },
      }),
    );
    await expectClosed(await call(unassignRoute, { method: 'DELETE', token: admin.token, params: { id: assignmentId } }));
    // A roster cell on 20 October.
    await expectClosed(
      await call(rosterRoute, {
        method: 'PUT',
        token: admin.token,
        body: { cells: [{ userId: emp.user.id, date: '2026-10-20', rest: true }] },
      }),
    );
    // Holidays: a new one inside it, editing one inside it (even moving it out), deleting one inside it.
    await expectClosed(
      await call(holidayCreateRoute, { token: admin.token, body: { date: '2026-10-28', name: 'Libur Baru', kind: 'libur_perusahaan' } }),
    );
    await expectClosed(
      await call(holidayUpdateRoute, {
        method: 'PUT',
        token: admin.token,
        params: { id: holidayId },
        body: { date: '2026-12-28', name: 'Libur Kantor', kind: 'libur_perusahaan' },
      }),
    );
    await expectClosed(await call(holidayDeleteRoute, { method: 'DELETE', token: admin.token, params: { id: holidayId } }));
    // A review decision on a record of 13 October.
    await expectClosed(
      await call(reviewRoute, {
        token: hr.token,
        params: { id: flaggedId },
        body: { decision: 'rejected', note: 'Bukan orang yang sama' },
      }),
    );
    // Nothing changed.
    expect(await db.leaveRequest.findMany({ orderBy: { id: 'asc' } })).toEqual(before.leaves);
    expect(await db.scheduleAssignment.count()).toBe(before.assignments);
    expect(await db.rosterEntry.count()).toBe(before.roster);
    expect(await db.holiday.findMany({ orderBy: { id: 'asc' } })).toEqual(before.holidays);
    expect(await db.attendance.findUniqueOrThrow({ where: { id: flaggedId } })).toEqual(before.attendance);
    expect(await db.attendanceReview.count({ where: { attendanceId: flaggedId } })).toBe(0);
    // A holiday outside it is fine (December).
    expect(
      (
        await call(holidayCreateRoute, {
          token: admin.token,
          body: { date: '2026-12-28', name: 'Libur Akhir Tahun', kind: 'libur_perusahaan' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses check-in into a closed month', async () => {
    const res = await closeThisMonth(() => punchCall(checkInRoute, 'check-in', { token: emp.token, body: mark(emp.user.id) }));
    await expectClosed(res, thisMonthMessage());
    expect(await db.attendance.count({ where: { userId: emp.user.id, workDate: dateKeyToDate(today()) } })).toBe(0);
  });

  it('refuses check-out into a closed month', async () => {
    const other = await createUser({ role: 'employee', name: 'Hadi' });
    await enrolFace(other.user.id, DESCRIPTOR);
    expect((await punchCall(checkInRoute, 'check-in', { token: other.token, body: mark(other.user.id) })).status).toBe(200);
    const res = await closeThisMonth(() => punchCall(checkOutRoute, 'check-out', { token: other.token, body: mark(other.user.id) }));
    await expectClosed(res, thisMonthMessage());
    expect((await db.attendance.findFirstOrThrow({ where: { userId: other.user.id } })).checkOutAt).toBeNull();
  });

  it('refuses a leave application touching a closed month', async () => {
    // On a real weekend or holiday a leave for today has no working day and is refused 400 before the
    // period is looked at, so the clock is set to a plain Wednesday: 18 November 2026, 10:00 WIB.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-18T10:00:00+07:00'));
      const res = await closeThisMonth(() =>
        call(applyRoute, {
          token: emp.token,
          body: { type: 'lainnya', startDate: today(), endDate: today(), reason: 'Urusan keluarga mendadak' },
        }),
      );
      await expectClosed(res, 'Periode November 2026 sudah ditutup.');
      expect(await db.leaveRequest.count({ where: { userId: emp.user.id, startDate: dateKeyToDate('2026-11-18') } })).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a balance adjustment dated in a closed month', async () => {
    const res = await closeThisMonth(() =>
      call(adjustRoute, { token: hr.token, params: { userId: emp.user.id }, body: { days: 2, reason: 'Koreksi saldo awal' } }),
    );
    await expectClosed(res, thisMonthMessage());
    expect(await db.leaveLedgerEntry.count({ where: { userId: emp.user.id, kind: 'adjustment' } })).toBe(0);
  });

  it('the database trigger refuses a direct write, whatever code makes it', async () => {
    const err = await db.attendance.update({ where: { id: flaggedId }, data: { reviewDecision: 'confirmed' } }).catch((e: unknown) => e);
    expect(toAppError(err)).toMatchObject({ status: 409, message: OCT, code: 'PERIOD_CLOSED' });
    const raw =
      await db.$executeRaw`INSERT INTO "RosterEntry" ("userId", date, "updatedAt") VALUES (${emp.user.id}::uuid, '2026-10-05', now())`.catch(
        (e: unknown) => e,
      );
    expect(toAppError(raw).message).toBe(OCT);
    const del = await db.holiday.delete({ where: { id: holidayId } }).catch((e: unknown) => e);
    expect(toAppError(del).message).toBe(OCT);
    // An open-ended assignment that started before October covers it.
    const schedule = await getDefaultSchedule();
    const open = await db.scheduleAssignment
      .create({ data: { userId: emp.user.id, scheduleId: schedule.id, startDate: dateKeyToDate('2026-09-01') } })
      .catch((e: unknown) => e);
    expect(toAppError(open).message).toBe(OCT);
    // A system grant of the ledger dated in October is not an adjustment: allowed.
    const type = await db.leaveTypeConfig.findFirstOrThrow();
    await db.leaveLedgerEntry.create({
      data: { userId: emp.user.id, leaveTypeId: type.id, kind: 'grant', days: 12, effectiveDate: dateKeyToDate('2026-10-01') },
    });
    // assertPeriodOpen: the services' own check, with the same message.
    await expect(assertPeriodOpen(db, '2026-10-31')).rejects.toMatchObject({ status: 409, message: OCT });
    await expect(assertPeriodOpen(db, { from: '2026-09-01', to: null })).rejects.toMatchObject({ message: OCT });
    await expect(assertPeriodOpen(db, '2026-09-30', { from: '2026-11-01', to: '2026-11-30' })).resolves.toBeUndefined();
  });

  it('reopening needs an admin or HR and a reason, is audited, and writes work again', async () => {
    expect((await call(reopenRoute, { token: emp.token, params: { month: '2026-10' }, body: { reason: 'Koreksi' } })).status).toBe(403);
    expect((await call(reopenRoute, { token: admin.token, params: { month: '2026-10' }, body: { reason: '' } })).status).toBe(400);
    expect((await call(reopenRoute, { token: admin.token, params: { month: '2026-10' }, body: {} })).status).toBe(400);
    const res = await call(reopenRoute, {
      token: admin.token,
      params: { month: '2026-10' },
      body: { reason: 'Koreksi cuti sakit yang terlambat' },
    });
    expect(res.status).toBe(200);
    expect(res.body.period).toMatchObject({ status: 'open', reopenReason: 'Koreksi cuti sakit yang terlambat' });
    const audit = await db.auditLog.findFirstOrThrow({ where: { kind: 'period.reopen', entityId: '2026-10' } });
    expect(audit).toMatchObject({ actorId: admin.user.id, note: 'Koreksi cuti sakit yang terlambat' });
    expect((await call(reopenRoute, { token: admin.token, params: { month: '2026-10' }, body: { reason: 'Lagi' } })).status).toBe(409);
    expect(
      (await call(statusRoute, { method: 'PUT', token: hr.token, params: { id: pendingLeaveId }, body: { status: 'approved' } })).status,
    ).toBe(200);
  });
});
