// Review decisions on flagged attendance are append-only history, and nobody reviews their own record.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as reviewGet, POST as reviewRoute } from '@/app/api/attendance/[id]/review/route';
import { POST as checkInRoute } from '@/app/api/attendance/check-in/route';
import { POST as checkOutRoute } from '@/app/api/attendance/check-out/route';
import { db } from '@/lib/server/db';
import { drainFaceJobs } from '@/features/face/server/engine/recheck';
import { OWN_REVIEW } from '@/features/face/server/face-review';
import { dateKeyToDate } from '@/lib/dates';
import { call, configureMainOffice, createUser, enrolFace, faceFixture, punchCall } from '../helpers';

type Fixture = Awaited<ReturnType<typeof faceFixture>>;
let A1: Fixture, B: Fixture;
const INSIDE = { latitude: -6.175122, longitude: 106.827153 };
const body = (photo: Fixture, descriptor: number[]) => ({
  ...INSIDE,
  accuracy: 10,
  timestamp: new Date().toISOString(),
  faceImage: photo.dataUrl,
  faceDescriptor: descriptor,
  verificationMethod: 'face',
});

beforeAll(async () => {
  [A1, B] = (await Promise.all(['person-a-1.jpg', 'person-b-1.jpg'].map(faceFixture))) as [Fixture, Fixture];
  await configureMainOffice({ latitude: -6.175392, longitude: 106.827153, radius: 100 });
});

describe('review history', () => {
  it('a later check-out re-flag re-opens the record but never erases earlier decisions; each is audited', async () => {
    // Enrolled as person A, checks in and out with person B's photo and A's descriptor: flagged twice.
    const { user, token } = await createUser({ name: 'Karyawan Ditandai' });
    await enrolFace(user.id, A1.descriptor);
    const { token: hr, user: hrUser } = await createUser({ role: 'hr', name: 'HR Peninjau' });
    const { token: admin, user: adminUser } = await createUser({ role: 'admin', name: 'Admin Peninjau' });
    expect((await punchCall(checkInRoute, 'check-in', { token, body: body(B, A1.descriptor) })).status).toBe(200);
    await drainFaceJobs();
    const row = await db.attendance.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.faceCheckStatus).toBe('flagged');

    const first = await call(reviewRoute, {
      token: hr,
      params: { id: row.id },
      body: { decision: 'confirmed', note: 'Pencahayaan buruk' },
    });
    expect(first.status).toBe(200);
    expect(first.body.history).toEqual([
      expect.objectContaining({ decision: 'confirmed', note: 'Pencahayaan buruk', reviewer: { id: hrUser.id, name: 'HR Peninjau' } }),
    ]);

    expect((await punchCall(checkOutRoute, 'check-out', { token, body: body(B, A1.descriptor) })).status).toBe(200);
    await drainFaceJobs();
    const reopened = await call(reviewGet, { token: admin, params: { id: row.id } });
    expect(reopened.body).toMatchObject({ faceCheckStatus: 'flagged', reviewDecision: null });
    expect(reopened.body.history).toHaveLength(1);

    const second = await call(reviewRoute, { token: admin, params: { id: row.id }, body: { decision: 'rejected', note: 'Titip absen' } });
    expect(second.status).toBe(200);
    expect(second.body.history.map((h: { decision: string; reviewer: { id: string } }) => [h.decision, h.reviewer.id])).toEqual([
      ['confirmed', hrUser.id],
      ['rejected', adminUser.id],
    ]);
    const audit = await db.auditLog.findMany({ where: { entity: 'Attendance', entityId: row.id }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.kind, a.actorId, a.targetUserId, a.note])).toEqual([
      ['attendance.review.confirmed', hrUser.id, user.id, 'Pencahayaan buruk'],
      ['attendance.review.rejected', adminUser.id, user.id, 'Titip absen'],
    ]);
    // The employee cannot read the history.
    expect((await call(reviewGet, { token, params: { id: row.id } })).status).toBe(403);
  }, 120_000);

  it('the database refuses to change or remove a decision; it goes only with its attendance record', async () => {
    const { user } = await createUser();
    const reviewer = await createUser({ role: 'hr' });
    const att = await db.attendance.create({
      data: {
        userId: user.id,
        workDate: dateKeyToDate('2026-01-05'),
        checkInAt: new Date('2026-01-05T01:00:00Z'),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 1,
        faceCheckStatus: 'flagged',
      },
    });
    expect((await call(reviewRoute, { token: reviewer.token, params: { id: att.id }, body: { decision: 'confirmed' } })).status).toBe(200);
    const review = await db.attendanceReview.findFirstOrThrow({ where: { attendanceId: att.id } });
    await expect(db.attendanceReview.update({ where: { id: review.id }, data: { decision: 'rejected' } })).rejects.toThrow(/append-only/);
    await expect(db.attendanceReview.delete({ where: { id: review.id } })).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe('TRUNCATE "AttendanceReview"')).rejects.toThrow(/append-only/);
    expect(await db.attendanceReview.count({ where: { attendanceId: att.id } })).toBe(1);
    await db.user.delete({ where: { id: user.id } });
    expect(await db.attendanceReview.count({ where: { attendanceId: att.id } })).toBe(0);
  });
});

describe('nobody decides their own case', () => {
  it('HR cannot review their own flagged attendance (403, clear message); another reviewer can', async () => {
    const { user: hrUser, token: hr } = await createUser({ role: 'hr' });
    const { token: admin } = await createUser({ role: 'admin' });
    const att = await db.attendance.create({
      data: {
        userId: hrUser.id,
        workDate: dateKeyToDate('2026-01-06'),
        checkInAt: new Date('2026-01-06T01:00:00Z'),
        checkInLatitude: 0,
        checkInLongitude: 0,
        checkInDistance: 1,
        faceCheckStatus: 'flagged',
      },
    });
    const own = await call(reviewRoute, { token: hr, params: { id: att.id }, body: { decision: 'confirmed' } });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe(OWN_REVIEW);
    expect(await db.attendance.findUniqueOrThrow({ where: { id: att.id } })).toMatchObject({ reviewDecision: null });
    expect(await db.attendanceReview.count({ where: { attendanceId: att.id } })).toBe(0);
    expect((await call(reviewRoute, { token: admin, params: { id: att.id }, body: { decision: 'confirmed' } })).status).toBe(200);
  });
});
