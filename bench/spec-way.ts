// The spec's way of making the report (section 7): fetch every record of the period, the users, the
// leave requests and each employee's calendar (as GET /api/calendar/{userId} gives it), then compute in JavaScript. Same corrected formulas as features/reports/server/reports.ts,
// so the benchmark can also check that both give the same figures.
import { db } from '@/lib/server/db';
import type { SessionUser } from '@/lib/server/auth/session';
import { listAllAttendance } from '@/features/attendance/server/attendance-list';
import { addDays, dateKeyInZone, dateToKey } from '@/lib/dates';
import { calendarDays } from '@/features/calendar/server/calendar';
import { getMainOffice } from '@/features/offices/server/offices';
import { rate, type EmployeeStat } from '@/features/reports/server/reports';
import { MAX_PAGE_SIZE } from '@/lib/validation/common';

/** Every record of the period, as a client reads GET /attendance/all: page after page (1,000 each). */
async function everyRecord(actor: SessionUser, startDate: string, endDate: string) {
  const all = [];
  for (let page = 1, last = 1; page <= last; page++) {
    const { records, totalPages } = await listAllAttendance(actor, { startDate, endDate, page, limit: MAX_PAGE_SIZE });
    all.push(...records);
    last = totalPages;
  }
  return all;
}

export async function specWayReport(actor: SessionUser, startDate: string, endDate: string) {
  const main = await getMainOffice();
  const today = dateKeyInZone(new Date(), main.timezone);
  const last = endDate < today ? endDate : today;
  const [recordsDto, usersDto, leavesDto, calendarDto] = await Promise.all([
    everyRecord(actor, startDate, endDate),
    db.user.findMany({ select: { id: true, name: true, email: true, position: true, role: true, createdAt: true, joinDate: true } }),
    db.leaveRequest.findMany({ select: { id: true, userId: true, status: true, startDate: true, endDate: true } }),
    calendarDays(null, startDate, last),
  ]);
  // What the browser receives: JSON over the wire.
  const records = JSON.parse(JSON.stringify(recordsDto)) as typeof recordsDto;
  const users = JSON.parse(JSON.stringify(usersDto)) as {
    id: string;
    name: string;
    position: string;
    role: string;
    createdAt: string;
    joinDate: string | null;
  }[];
  const leaves = JSON.parse(JSON.stringify(leavesDto)) as { userId: string; status: string; startDate: string; endDate: string }[];

  const calendar = JSON.parse(JSON.stringify(calendarDto)) as typeof calendarDto;
  const tz = main.timezone;
  const workingOf = new Map<string, string[]>();
  const employed = new Set<string>();
  for (const c of calendar) {
    if (c.status === 'belum_bergabung' || c.status === 'nonaktif') continue;
    employed.add(`${c.userId}|${c.date}`);
    if (c.status !== 'kerja') continue;
    const list = workingOf.get(c.userId) ?? [];
    list.push(c.date);
    workingOf.set(c.userId, list);
  }

  const employees = users
    .filter((u) => u.role === 'employee')
    .map((u) => ({ ...u, join: u.joinDate ? dateToKey(new Date(u.joinDate)) : dateKeyInZone(new Date(u.createdAt), tz) }))
    .filter((u) => u.join <= endDate)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  const ids = new Set(employees.map((e) => e.id));
  const attended = new Set<string>();
  const presentBy = new Map<string, number>();
  for (const r of records) {
    if (!r.checkIn || !ids.has(r.userId) || r.date > last || !employed.has(`${r.userId}|${r.date}`)) continue;
    attended.add(`${r.userId}|${r.date}`);
    presentBy.set(r.userId, (presentBy.get(r.userId) ?? 0) + 1);
  }
  const onLeave = new Set<string>();
  for (const l of leaves) {
    if (l.status !== 'approved' || !ids.has(l.userId)) continue;
    const from = dateToKey(new Date(l.startDate));
    const to = dateToKey(new Date(l.endDate));
    for (let d = from < startDate ? startDate : from; d <= to && d <= last; d = addDays(d, 1)) onLeave.add(`${l.userId}|${d}`);
  }

  const employeeStats: EmployeeStat[] = employees.map((e) => {
    let due = 0;
    let counted = 0;
    let leave = 0;
    for (const d of workingOf.get(e.id) ?? []) {
      due++;
      if (attended.has(`${e.id}|${d}`)) counted++;
      else if (onLeave.has(`${e.id}|${d}`)) leave++;
    }
    const present = presentBy.get(e.id) ?? 0;
    const absent = due - counted - leave;
    return {
      userId: e.id,
      name: e.name,
      position: e.position,
      joinDate: e.join,
      present,
      absent,
      // Whole days only here (the bench's leave has no half days): days off on leave = days of leave.
      leave,
      leaveDaysOff: leave,
      totalDays: due,
      attendanceRate: rate(present, present + absent),
    };
  });
  const totalPresent = employeeStats.reduce((s, e) => s + e.present, 0);
  const totalAbsent = employeeStats.reduce((s, e) => s + e.absent, 0);
  return {
    totalEmployees: employees.length,
    totalPresent,
    totalAbsent,
    attendanceRate: rate(totalPresent, totalPresent + totalAbsent),
    employeeStats,
    records: records.length,
  };
}
