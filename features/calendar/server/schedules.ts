// Work schedules: named weeks of shifts and rest days, the company default, per-employee defaults and
// assignments over date ranges (docs/calendar.md). What a given day is for someone is decided only by
// the calendar (features/calendar/server/calendar.ts), which reads these.
import { db } from '@/lib/server/db';
import { conflict, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import type { Prisma, WorkSchedule, WorkScheduleDay } from '@/lib/generated/prisma/client';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import {
  ASSIGNMENTS_PAGE_SIZE,
  type AssignmentInput,
  type AssignmentListQuery,
  type ScheduleInput,
} from '@/features/calendar/validation/calendar';
import type { PageInfo } from '@/features/attendance/lib/history-pages';
import type { ScheduleDto, AssignmentDto } from '@/features/calendar/types/schedules';
import { assertStaff } from '@/lib/server/auth/policy';
import { closedMonthsNotice, type PeriodNotice } from '@/features/periods/server/period-notice';

type Tx = Prisma.TransactionClient;
export type ScheduleWithDays = WorkSchedule & { days: WorkScheduleDay[] };

export type { ScheduleDto, AssignmentDto } from '@/features/calendar/types/schedules';

const crosses = (start: string | null, end: string | null) => !!start && !!end && end <= start;

export function scheduleDto(s: ScheduleWithDays, employeeCount = 0): ScheduleDto {
  const days = Array.from({ length: 7 }, (_, i) => {
    const d = s.days.find((x) => x.weekday === i + 1);
    return { weekday: i + 1, start: d?.start ?? null, end: d?.end ?? null, crossesMidnight: crosses(d?.start ?? null, d?.end ?? null) };
  });
  return {
    id: s.id,
    name: s.name,
    breakMinutes: s.breakMinutes,
    breakPunch: s.breakPunch,
    lateToleranceMinutes: s.lateToleranceMinutes,
    isDefault: s.isDefault,
    active: s.active,
    days,
    employeeCount,
  };
}

/** A week's hours as one comparable string (weekday order). */
const dayKey = (days: { weekday: number; start: string | null; end: string | null }[]) =>
  JSON.stringify([...days].sort((a, b) => a.weekday - b.weekday).map((d) => [d.weekday, d.start ?? null, d.end ?? null]));

function assertCanManage(actor: SessionUser) {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengelola jadwal kerja.');
}

/** The company default schedule, made (Senin–Jumat 08:00–17:00) on a database that has none. */
export async function getDefaultSchedule(client: Tx | typeof db = db): Promise<ScheduleWithDays> {
  const found = await client.workSchedule.findFirst({
    where: { isDefault: true },
    include: { days: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  if (found) return found;
  return client.workSchedule.create({
    data: {
      name: `Jadwal Standar ${Date.now().toString(36)}`,
      isDefault: true,
      days: {
        create: Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, start: i < 5 ? '08:00' : null, end: i < 5 ? '17:00' : null })),
      },
    },
    include: { days: true },
  });
}

/**
 * The employee's own schedule with these hours on the default schedule's working days (the spec's
 * per-employee working hours): their existing personal schedule is updated, else one is made.
 */
export async function personalSchedule(
  tx: Tx,
  user: { id: string; name: string; scheduleId: string | null },
  hours: { start: string; end: string },
): Promise<WorkSchedule> {
  const base = await getDefaultSchedule(tx);
  const workingDays = base.days.filter((d) => d.start).map((d) => d.weekday);
  const days = Array.from({ length: 7 }, (_, i) => ({
    weekday: i + 1,
    start: workingDays.includes(i + 1) ? hours.start : null,
    end: workingDays.includes(i + 1) ? hours.end : null,
  }));
  const name = `Jam Kerja ${user.name} (${user.id.slice(0, 8)})`;
  const current = user.scheduleId
    ? await tx.workSchedule.findUnique({ where: { id: user.scheduleId }, include: { _count: { select: { users: true } } } })
    : null;
  if (current && !current.isDefault && current._count.users === 1 && current.name.startsWith('Jam Kerja ')) {
    await tx.workScheduleDay.deleteMany({ where: { scheduleId: current.id } });
    await tx.workScheduleDay.createMany({ data: days.map((d) => ({ ...d, scheduleId: current.id })) });
    return current;
  }
  const existing = await tx.workSchedule.findUnique({ where: { name } });
  if (existing) {
    await tx.workScheduleDay.deleteMany({ where: { scheduleId: existing.id } });
    await tx.workScheduleDay.createMany({ data: days.map((d) => ({ ...d, scheduleId: existing.id })) });
    return existing;
  }
  return tx.workSchedule.create({
    data: {
      name,
      breakMinutes: base.breakMinutes,
      breakPunch: base.breakPunch,
      lateToleranceMinutes: base.lateToleranceMinutes,
      days: { create: days },
    },
  });
}

export async function listSchedules(actor: SessionUser): Promise<ScheduleDto[]> {
  assertStaff(actor);
  const [rows, counts] = await Promise.all([
    db.workSchedule.findMany({ where: { active: true }, include: { days: true }, orderBy: [{ isDefault: 'desc' }, { name: 'asc' }] }),
    // Employees only, as the roster lists them: admins and HR have no shifts to count.
    db.user.groupBy({ by: ['scheduleId'], where: { role: 'employee' }, _count: { _all: true } }),
  ]);
  const defaultId = rows.find((r) => r.isDefault)?.id;
  const byId = new Map<string, number>();
  for (const c of counts) {
    const key = c.scheduleId ?? defaultId;
    if (key) byId.set(key, (byId.get(key) ?? 0) + c._count._all);
  }
  return rows.map((r) => scheduleDto(r, byId.get(r.id) ?? 0));
}

function uniqueName(err: unknown): never {
  if ((err as { code?: string })?.code === 'P2002') throw conflict('Nama jadwal sudah dipakai', 'DUPLICATE_NAME');
  throw err;
}

async function makeOnlyDefault(tx: Tx, id: string) {
  await tx.workSchedule.updateMany({ where: { isDefault: true, id: { not: id } }, data: { isDefault: false } });
}

export async function createSchedule(
  actor: SessionUser,
  input: ScheduleInput,
): Promise<{ message: string; schedule: ScheduleDto; periodNotice: PeriodNotice | null }> {
  assertCanManage(actor);
  const { created, periodNotice } = await db
    .$transaction(async (tx) => {
      const s = await tx.workSchedule.create({
        data: {
          name: input.name,
          breakMinutes: input.breakMinutes,
          breakPunch: input.breakPunch ?? false,
          lateToleranceMinutes: input.lateToleranceMinutes,
          isDefault: input.isDefault ?? false,
          days: { create: input.days },
        },
        include: { days: true },
      });
      if (s.isDefault) await makeOnlyDefault(tx, s.id);
      await recordAudit(tx, { actor, kind: 'schedule.create', entity: 'WorkSchedule', entityId: s.id, after: scheduleDto(s) });
      // A new company default moves the days of everyone without their own schedule.
      return { created: s, periodNotice: await closedMonthsNotice(tx) };
    })
    .catch(uniqueName);
  return { message: `Jadwal ${created.name} berhasil ditambahkan`, schedule: scheduleDto(created), periodNotice };
}

export async function updateSchedule(
  actor: SessionUser,
  id: string,
  input: ScheduleInput,
): Promise<{ message: string; schedule: ScheduleDto; periodNotice: PeriodNotice | null }> {
  assertCanManage(actor);
  const { updated, periodNotice } = await db
    .$transaction(async (tx) => {
      const before = await tx.workSchedule.findUnique({ where: { id }, include: { days: true } });
      if (!before || !before.active) throw notFound('Jadwal tidak ditemukan');
      if (before.isDefault && input.isDefault === false)
        throw conflict('Pilih jadwal lain sebagai jadwal standar terlebih dahulu.', 'DEFAULT_SCHEDULE');
      // The days are rewritten only when they change: each day row written re-classifies every follower's days.
      const sameDays = dayKey(before.days) === dayKey(input.days);
      if (!sameDays) await tx.workScheduleDay.deleteMany({ where: { scheduleId: id } });
      const s = await tx.workSchedule.update({
        where: { id },
        data: {
          name: input.name,
          breakMinutes: input.breakMinutes,
          breakPunch: input.breakPunch ?? before.breakPunch,
          lateToleranceMinutes: input.lateToleranceMinutes,
          isDefault: input.isDefault ?? before.isDefault,
          ...(sameDays ? {} : { days: { create: input.days } }),
        },
        include: { days: true },
      });
      if (s.isDefault) await makeOnlyDefault(tx, s.id);
      await recordAudit(tx, {
        actor,
        kind: 'schedule.update',
        entity: 'WorkSchedule',
        entityId: id,
        before: scheduleDto(before),
        after: scheduleDto(s),
      });
      // Its followers' days follow the new week from the first open day: a closed month keeps its days.
      return { updated: s, periodNotice: await closedMonthsNotice(tx) };
    })
    .catch(uniqueName);
  return { message: `Jadwal ${updated.name} berhasil diupdate`, schedule: scheduleDto(updated), periodNotice };
}

/** The default schedule and one still anyone's default cannot go; one used only in the past is deactivated. */
export async function deleteSchedule(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertCanManage(actor);
  return db.$transaction(async (tx) => {
    const s = await tx.workSchedule.findUnique({
      where: { id },
      include: { days: true, _count: { select: { users: true, assignments: true } } },
    });
    if (!s || !s.active) throw notFound('Jadwal tidak ditemukan');
    if (s.isDefault) throw conflict('Jadwal standar perusahaan tidak dapat dihapus.', 'DEFAULT_SCHEDULE');
    if (s._count.users > 0) throw conflict(`Jadwal ${s.name} masih dipakai ${s._count.users} karyawan.`, 'SCHEDULE_IN_USE');
    if (s._count.assignments > 0) await tx.workSchedule.update({ where: { id }, data: { active: false } });
    else await tx.workSchedule.delete({ where: { id } });
    await recordAudit(tx, { actor, kind: 'schedule.delete', entity: 'WorkSchedule', entityId: id, before: scheduleDto(s) });
    return { message: `Jadwal ${s.name} berhasil dihapus` };
  });
}

/** Assign a schedule to employees over a range (admin and HR): the newest assignment covering a date wins. */
export async function assignSchedule(
  actor: SessionUser,
  scheduleId: string,
  input: AssignmentInput,
): Promise<{ message: string; assignments: AssignmentDto[] }> {
  assertStaff(actor);
  const made = await db.$transaction(async (tx) => {
    const schedule = await tx.workSchedule.findUnique({ where: { id: scheduleId } });
    if (!schedule || !schedule.active) throw notFound('Jadwal tidak ditemukan');
    const users = await tx.user.findMany({ where: { id: { in: input.userIds } }, select: { id: true, name: true } });
    if (users.length !== new Set(input.userIds).size) throw notFound('Karyawan tidak ditemukan');
    const out: AssignmentDto[] = [];
    for (const u of users) {
      const a = await tx.scheduleAssignment.create({
        data: {
          userId: u.id,
          scheduleId,
          startDate: dateKeyToDate(input.startDate),
          endDate: input.endDate ? dateKeyToDate(input.endDate) : null,
          createdById: actor.id,
        },
      });
      await recordAudit(tx, {
        actor,
        kind: 'schedule.assign',
        entity: 'ScheduleAssignment',
        entityId: a.id,
        targetUserId: u.id,
        after: { scheduleId, scheduleName: schedule.name, startDate: input.startDate, endDate: input.endDate ?? null },
      });
      out.push({
        id: a.id,
        userId: u.id,
        userName: u.name,
        scheduleId,
        scheduleName: schedule.name,
        startDate: input.startDate,
        endDate: input.endDate ?? null,
      });
    }
    return out;
  });
  return { message: `Jadwal berhasil diterapkan untuk ${made.length} karyawan`, assignments: made };
}

// Newest start first; the id last, so that a page never repeats or skips an assignment.
const ASSIGNMENT_ORDER: Prisma.ScheduleAssignmentOrderByWithRelationInput[] = [
  { startDate: 'desc' },
  { createdAt: 'desc' },
  { id: 'desc' },
];
const assignmentInclude = { user: { select: { name: true } }, schedule: { select: { name: true } } } as const;
type AssignmentRow = Prisma.ScheduleAssignmentGetPayload<{ include: typeof assignmentInclude }>;

function assignmentWhere(q: Pick<AssignmentListQuery, 'userId' | 'q'>): Prisma.ScheduleAssignmentWhereInput {
  return {
    ...(q.userId ? { userId: q.userId } : {}),
    ...(q.q
      ? {
          user: {
            OR: [
              { name: { contains: q.q, mode: 'insensitive' } },
              { employeeNumber: { contains: q.q, mode: 'insensitive' } },
              { email: { contains: q.q, mode: 'insensitive' } },
            ],
          },
        }
      : {}),
  };
}

function assignmentDto(a: AssignmentRow): AssignmentDto {
  return {
    id: a.id,
    userId: a.userId,
    userName: a.user.name,
    scheduleId: a.scheduleId,
    scheduleName: a.schedule.name,
    startDate: dateToKey(a.startDate),
    endDate: a.endDate ? dateToKey(a.endDate) : null,
  };
}

/** The assignments (at most 1000), newest start first; `q` searches the person's name, NIK or e-mail. */
export async function listAssignments(actor: SessionUser, q: Pick<AssignmentListQuery, 'userId' | 'q'> = {}): Promise<AssignmentDto[]> {
  assertStaff(actor);
  const rows = await db.scheduleAssignment.findMany({
    where: assignmentWhere(q),
    include: assignmentInclude,
    orderBy: ASSIGNMENT_ORDER,
    take: 1000,
  });
  return rows.map(assignmentDto);
}

/** One page of the assignments in the list's order, with its page info (GET /schedules/assignments?page=). */
export async function pageAssignments(
  actor: SessionUser,
  q: AssignmentListQuery & { page: number },
): Promise<{ items: AssignmentDto[] } & PageInfo> {
  assertStaff(actor);
  const where = assignmentWhere(q);
  const pageSize = q.limit ?? ASSIGNMENTS_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    db.scheduleAssignment.findMany({
      where,
      include: assignmentInclude,
      orderBy: ASSIGNMENT_ORDER,
      skip: (q.page - 1) * pageSize,
      take: pageSize,
    }),
    db.scheduleAssignment.count({ where }),
  ]);
  return { items: rows.map(assignmentDto), page: q.page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

export async function deleteAssignment(actor: SessionUser, id: string): Promise<{ message: string }> {
  assertStaff(actor);
  await db.$transaction(async (tx) => {
    const a = await tx.scheduleAssignment.findUnique({ where: { id } });
    if (!a) throw notFound('Penugasan jadwal tidak ditemukan');
    await tx.scheduleAssignment.delete({ where: { id } });
    await recordAudit(tx, {
      actor,
      kind: 'schedule.unassign',
      entity: 'ScheduleAssignment',
      entityId: id,
      targetUserId: a.userId,
      before: { scheduleId: a.scheduleId, startDate: dateToKey(a.startDate), endDate: a.endDate ? dateToKey(a.endDate) : null },
    });
  });
  return { message: 'Penugasan jadwal berhasil dihapus' };
}
