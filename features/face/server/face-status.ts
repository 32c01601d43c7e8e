// Status Wajah (docs/face.md): every active employee with or without an active face enrolment, counted
// per office (the home office, else the main office) and per division, and a reminder to those without
// one (the notification 'face.not_enrolled', at most once a day per person, audited `face.remind`).
import { db } from '@/lib/server/db';
import { unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { recordAudit } from '@/lib/server/audit';
import { dateKeyInZone } from '@/lib/dates';
import { getMainOffice } from '@/features/offices/server/offices';
import { notify } from '@/features/notifications/server/notify';
import { FACE_STATUS_MSG, type FaceRemindInput, type FaceStatusQuery } from '@/features/face/validation/face-status';
import type { FaceRemindDto, FaceStatusDto, FaceStatusGroup, FaceStatusPerson } from '@/features/face/types/face-status';

/** Who Status Wajah is about: employees at work (not deactivated, not waiting for approval). */
const ACTIVE_EMPLOYEE = { role: 'employee', deactivatedAt: null, pendingApproval: false } as const;

function groups(people: FaceStatusPerson[], by: (p: FaceStatusPerson) => [string | null, string]): FaceStatusGroup[] {
  const out = new Map<string | null, FaceStatusGroup>();
  for (const p of people) {
    const [id, name] = by(p);
    const g = out.get(id) ?? { id, name, total: 0, enrolled: 0 };
    g.total++;
    if (p.enrolled) g.enrolled++;
    out.set(id, g);
  }
  return [...out.values()].sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name, 'id')));
}

/** GET /api/face/status (admin, HR). The counts are of the filtered list (office and division), before `state`. */
export async function faceStatus(actor: SessionUser, q: FaceStatusQuery): Promise<FaceStatusDto> {
  assertStaff(actor);
  const main = await getMainOffice();
  const [users, offices] = await Promise.all([
    db.user.findMany({
      where: {
        ...ACTIVE_EMPLOYEE,
        ...(q.divisionId ? { divisionId: q.divisionId === 'none' ? null : q.divisionId } : {}),
        ...(q.officeId
          ? q.officeId === main.id
            ? { OR: [{ homeOfficeId: main.id }, { homeOfficeId: null }] }
            : { homeOfficeId: q.officeId }
          : {}),
      },
      select: {
        id: true,
        name: true,
        employeeNumber: true,
        position: true,
        homeOfficeId: true,
        divisionId: true,
        division: { select: { name: true } },
        faceProfile: { select: { status: true, enrolledAt: true, enrolledBy: { select: { id: true, name: true } } } },
      },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    }),
    db.office.findMany({ select: { id: true, name: true } }),
  ]);
  const officeName = new Map(offices.map((o) => [o.id, o.name]));
  const all: FaceStatusPerson[] = users.map((u) => {
    const active = u.faceProfile?.status === 'active';
    const officeId = u.homeOfficeId ?? main.id;
    const by = active ? u.faceProfile!.enrolledBy : null;
    return {
      userId: u.id,
      name: u.name,
      employeeNumber: u.employeeNumber,
      position: u.position,
      officeId,
      officeName: officeName.get(officeId) ?? main.name,
      divisionId: u.divisionId,
      division: u.division?.name ?? null,
      enrolled: active,
      enrolledAt: active ? u.faceProfile!.enrolledAt.toISOString() : null,
      enrolledBy: by ? { id: by.id, name: by.name, self: by.id === u.id } : null,
    };
  });
  const enrolled = all.filter((p) => p.enrolled).length;
  return {
    total: all.length,
    enrolled,
    notEnrolled: all.length - enrolled,
    byOffice: groups(all, (p) => [p.officeId, p.officeName]),
    byDivision: groups(all, (p) => [p.divisionId, p.division ?? 'Tanpa Divisi']),
    people: q.state ? all.filter((p) => p.enrolled === (q.state === 'sudah')) : all,
  };
}

/**
 * POST /api/face/status/remind (admin, HR): 'face.not_enrolled' to each of these people who is an active
 * employee without an active enrolment, once a day per person (the notification's key); one audit row
 * with who was reminded. Nothing to remind (all enrolled, unknown or reminded today) is 422 and writes nothing.
 */
export async function remindFace(actor: SessionUser, input: FaceRemindInput): Promise<FaceRemindDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mengirim pengingat pendaftaran wajah.');
  const ids = [...new Set(input.userIds)];
  const main = await getMainOffice();
  const day = dateKeyInZone(new Date(), main.timezone);
  const key = `face.remind:${day}`;
  return db.$transaction(async (tx) => {
    const due = await tx.user.findMany({
      where: { id: { in: ids }, ...ACTIVE_EMPLOYEE, NOT: { faceProfile: { status: 'active' } } },
      select: { id: true },
      orderBy: { id: 'asc' },
    });
    const reminded: string[] = [];
    for (const u of due) if ((await notify(tx, { to: u.id, kind: 'face.not_enrolled', key })).length) reminded.push(u.id);
    if (!reminded.length) throw unprocessable(FACE_STATUS_MSG.NOTHING_TO_REMIND);
    await recordAudit(tx, {
      actor,
      kind: 'face.remind',
      entity: 'User',
      after: { reminded: reminded.length, skipped: ids.length - reminded.length, userIds: reminded },
    });
    const skipped = ids.length - reminded.length;
    return { reminded: reminded.length, skipped, message: FACE_STATUS_MSG.reminded(reminded.length, skipped) };
  });
}
