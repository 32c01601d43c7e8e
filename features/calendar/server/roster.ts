// Jadwal Kerja: the roster of employees × days, read from the calendar, and its cells written as
// overrides (RosterEntry) that win over every schedule on their date (docs/calendar.md).
import { db } from '@/lib/server/db';
import { badRequest, notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { calendarDays } from '@/features/calendar/server/calendar';
import { getMainOffice } from '@/features/offices/server/offices';
import type { SessionUser } from '@/lib/server/auth/session';
import { dateKeyToDate, dateToKey, isoWeekday } from '@/lib/dates';
import type { RosterCellInput, RosterQuery, RosterUpdateInput } from '@/features/calendar/validation/calendar';
import type { RosterCell, RosterDto } from '@/features/calendar/types/calendar';
import { assertStaff } from '@/lib/server/auth/policy';

export type { RosterCell, RosterRow, RosterDto } from '@/features/calendar/types/calendar';

/** GET /api/roster: admin and HR; employees of one office (home office) or all; with `page`, one page of
 * `limit` people (default 50) and the count of all, so a month of a large company is read a page at a time. */
export async function getRoster(actor: SessionUser, q: RosterQuery): Promise<RosterDto> {
  assertStaff(actor);
  const main = await getMainOffice();
  const where = {
    role: 'employee' as const,
    ...(q.officeId
      ? q.officeId === main.id
        ? { OR: [{ homeOfficeId: q.officeId }, { homeOfficeId: null }] }
        : { homeOfficeId: q.officeId }
      : {}),
  };
  const pageSize = q.limit ?? 50;
  const [users, total] = await Promise.all([
    db.user.findMany({
      where,
      select: { id: true, name: true, position: true, homeOfficeId: true, schedule: { select: { name: true } } },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      ...(q.page ? { skip: (q.page - 1) * pageSize, take: pageSize } : {}),
    }),
    q.page ? db.user.count({ where }) : null,
  ]);
  const ids = users.map((u) => u.id);
  const [days, overrides] = await Promise.all([
    ids.length ? calendarDays(ids, q.startDate, q.endDate) : Promise.resolve([]),
    db.rosterEntry.findMany({
      where: { userId: { in: ids }, date: { gte: dateKeyToDate(q.startDate), lte: dateKeyToDate(q.endDate) } },
      select: { userId: true, date: true, label: true },
    }),
  ]);
  const labels = new Map(overrides.map((o) => [`${o.userId}|${dateToKey(o.date)}`, o.label]));
  const byUser = new Map<string, RosterCell[]>();
  for (const d of days) {
    const k = `${d.userId}|${d.date}`;
    const { userId: _u, officeId: _o, timezone: _t, ...cell } = d;
    const list = byUser.get(d.userId) ?? [];
    list.push({ ...cell, override: labels.has(k), label: labels.get(k) ?? null });
    byUser.set(d.userId, list);
  }
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    officeId: q.officeId ?? null,
    rows: users.map((u) => ({
      userId: u.id,
      name: u.name,
      position: u.position,
      officeId: u.homeOfficeId ?? main.id,
      scheduleName: u.schedule?.name ?? null,
      days: byUser.get(u.id) ?? [],
    })),
    ...(q.page && total !== null ? { total, page: q.page, pageSize } : {}),
  };
}

type Resolved =
  | {
      start: string | null;
      end: string | null;
      breakMinutes: number;
      lateToleranceMinutes: number;
      scheduleId: string | null;
      label: string | null;
    }
  | 'clear';

/** PUT /api/roster: admin and HR set cells; all or none are written, each one audited. */
export async function updateRoster(actor: SessionUser, input: RosterUpdateInput): Promise<{ message: string; updated: number }> {
  assertStaff(actor);
  const userIds = [...new Set(input.cells.map((c) => c.userId))];
  const scheduleIds = [...new Set(input.cells.flatMap((c) => (c.scheduleId ? [c.scheduleId] : [])))];
  const [users, schedules] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true } }),
    db.workSchedule.findMany({ where: { id: { in: scheduleIds }, active: true }, include: { days: true } }),
  ]);
  if (users.length !== userIds.length) throw notFound('Karyawan tidak ditemukan');
  if (schedules.length !== scheduleIds.length) throw notFound('Jadwal tidak ditemukan');
  const byId = new Map(schedules.map((s) => [s.id, s]));

  const resolve = (c: RosterCellInput): Resolved => {
    if (c.clear) return 'clear';
    if (c.rest) return { start: null, end: null, breakMinutes: 0, lateToleranceMinutes: 0, scheduleId: null, label: 'Libur' };
    if (c.scheduleId) {
      const s = byId.get(c.scheduleId)!;
      const day = s.days.find((d) => d.weekday === isoWeekday(c.date));
      if (!day?.start || !day.end)
        throw badRequest(`Jadwal ${s.name} tidak punya jam kerja pada ${c.date}. Pilih jam kerja atau libur.`, 'ROSTER_REST_DAY');
      return {
        start: day.start,
        end: day.end,
        breakMinutes: s.breakMinutes,
        lateToleranceMinutes: s.lateToleranceMinutes,
        scheduleId: s.id,
        label: s.name,
      };
    }
    return {
      start: c.start!,
      end: c.end!,
      breakMinutes: c.breakMinutes ?? 0,
      lateToleranceMinutes: c.lateToleranceMinutes ?? 0,
      scheduleId: null,
      label: `${c.start}–${c.end}`,
    };
  };
  const resolved = input.cells.map((c) => ({ cell: c, value: resolve(c) }));

  await db.$transaction(async (tx) => {
    for (const { cell, value } of resolved) {
      const where = { userId_date: { userId: cell.userId, date: dateKeyToDate(cell.date) } };
      const before = await tx.rosterEntry.findUnique({ where });
      if (value === 'clear') {
        if (before) await tx.rosterEntry.delete({ where });
      } else {
        await tx.rosterEntry.upsert({
          where,
          create: { userId: cell.userId, date: dateKeyToDate(cell.date), ...value, updatedById: actor.id },
          update: { ...value, updatedById: actor.id },
        });
      }
      if (value === 'clear' && !before) continue;
      await recordAudit(tx, {
        actor,
        kind: 'roster.update',
        entity: 'RosterEntry',
        entityId: `${cell.userId}|${cell.date}`,
        targetUserId: cell.userId,
        before: before ? { start: before.start, end: before.end, label: before.label } : null,
        after: value === 'clear' ? null : { date: cell.date, start: value.start, end: value.end, label: value.label },
      });
    }
  });
  return { message: `${resolved.length} sel jadwal berhasil disimpan`, updated: resolved.length };
}
