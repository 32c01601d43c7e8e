// How one employee-day is classified (docs/daily-close.md), from the facts: the calendar's answer
// (absensi_calendar), the punch record, approved leave, approved corrections and the face review.
// Pure apart from reading the facts, so the close and every re-classification give the same answer.
import type { Prisma } from '@/lib/generated/prisma/client';
import { dateKeyToDate, dateToKey } from '@/lib/dates';
import { earlyMinutes, lateMinutes, shiftWindow } from '@/features/attendance/lib/shift';
import { earlyAgainst, excuse, halfDayWindow, lateAgainst, type HalfDay } from '@/features/daily-close/lib/day-rules';
import type { DayResult } from '@/features/corrections/validation/corrections';

type Tx = Prisma.TransactionClient;

type CalendarRow = {
  userId: string;
  date: string;
  status: string;
  officeId: string | null;
  timezone: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  breakMinutes: number | null;
  lateToleranceMinutes: number | null;
};

export type DayRow = {
  userId: string;
  date: Date;
  officeId: string;
  status: DayResult;
  calendarStatus: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  attendanceId: string | null;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  lateMinutes: number;
  earlyMinutes: number;
  lateExcusedMinutes: number;
  earlyExcusedMinutes: number;
  leaveId: string | null;
  leaveTypeName: string | null;
  leaveDays: number;
  halfDay: HalfDay | null;
  correctionId: string | null;
};

const LEAVE_NAMES = { cuti: 'Cuti', izin: 'Izin', sakit: 'Sakit' } as const;

export async function calendarFor(tx: Tx, userIds: string[] | null, start: string, end: string): Promise<CalendarRow[]> {
  return tx.$queryRaw<CalendarRow[]>`
    SELECT "userId"::text AS "userId", "date"::text AS "date", status, "officeId"::text AS "officeId", timezone,
           "shiftStart", "shiftEnd", "breakMinutes", "lateToleranceMinutes"
    FROM absensi_calendar(${start}::date, ${end}::date, ${userIds}::uuid[])
    ORDER BY "userId", "date"`;
}

/**
 * The rows of these users over [start, end] (only the dates in `only`, when given). Days before the join
 * date or after the end date get no row.
 */
export async function classify(
  tx: Tx,
  userIds: string[],
  start: string,
  end: string,
  only?: (userId: string, date: string) => boolean,
): Promise<DayRow[]> {
  if (!userIds.length) return [];
  const from = dateKeyToDate(start);
  const to = dateKeyToDate(end);
  const [calendar, records, leaves, corrections] = await Promise.all([
    calendarFor(tx, userIds, start, end),
    tx.attendance.findMany({
      where: { userId: { in: userIds }, workDate: { gte: from, lte: to } },
      select: {
        id: true,
        userId: true,
        workDate: true,
        checkInAt: true,
        checkOutAt: true,
        lateMinutes: true,
        earlyMinutes: true,
        shiftStart: true,
        shiftEnd: true,
        reviewDecision: true,
        office: { select: { timezone: true } },
      },
    }),
    tx.leaveRequest.findMany({
      where: { userId: { in: userIds }, status: 'approved', startDate: { lte: to }, endDate: { gte: from } },
      select: {
        id: true,
        userId: true,
        startDate: true,
        endDate: true,
        category: true,
        halfDay: true,
        hours: true,
        permitKind: true,
        leaveType: { select: { name: true } },
      },
      orderBy: [{ startDate: 'asc' }, { id: 'asc' }],
    }),
    tx.attendanceCorrection.findMany({
      where: { userId: { in: userIds }, status: 'approved', date: { gte: from, lte: to } },
      select: { id: true, userId: true, date: true, kind: true, checkInAt: true, checkOutAt: true },
      orderBy: [{ decidedAt: 'asc' }, { id: 'asc' }],
    }),
  ]);
  const key = (userId: string, date: Date | string) => `${userId}|${typeof date === 'string' ? date : dateToKey(date)}`;
  const recordOf = new Map(records.map((r) => [key(r.userId, r.workDate), r]));
  const leavesOf = new Map<string, (typeof leaves)[number][]>();
  for (const l of leaves) leavesOf.set(l.userId, [...(leavesOf.get(l.userId) ?? []), l]);
  const correctionsOf = new Map<string, typeof corrections>();
  for (const c of corrections) {
    const k = key(c.userId, c.date);
    correctionsOf.set(k, [...(correctionsOf.get(k) ?? []), c]);
  }
  const out: DayRow[] = [];
  for (const day of calendar) {
    if (day.status === 'belum_bergabung' || day.status === 'nonaktif' || !day.officeId) continue;
    if (only && !only(day.userId, day.date)) continue;
    const k = key(day.userId, day.date);
    const record = recordOf.get(k) ?? null;
    // A record whose face review was rejected does not count as presence.
    const counted = record && record.reviewDecision !== 'rejected' ? record : null;
    const fixes = correctionsOf.get(k) ?? [];
    const lastIn = [...fixes].reverse().find((c) => c.checkInAt);
    const lastOut = [...fixes].reverse().find((c) => c.checkOutAt);
    const checkInAt = lastIn?.checkInAt ?? counted?.checkInAt ?? null;
    const checkOutAt = lastOut?.checkOutAt ?? counted?.checkOutAt ?? null;
    const covering = (leavesOf.get(day.userId) ?? []).filter((l) => dateToKey(l.startDate) <= day.date && dateToKey(l.endDate) >= day.date);
    // A full day's leave, else the half days (two halves of one day are possible), and the hourly permissions.
    const fullDay = covering.find((l) => l.hours == null && !l.halfDay) ?? null;
    const halves = covering.filter((l) => l.hours == null && !!l.halfDay);
    const permits = covering.filter((l) => l.hours != null);
    const leave = fullDay ?? halves[0] ?? null;
    const tz = record?.office?.timezone ?? day.timezone;
    const shiftStart = record?.shiftStart ?? day.shiftStart;
    const shiftEnd = record?.shiftEnd ?? day.shiftEnd;
    const shiftDay = { date: day.date, status: day.status, shiftStart, shiftEnd, lateToleranceMinutes: day.lateToleranceMinutes };
    let status: DayResult;
    let late = 0;
    let early = 0;
    let lateExcused = 0;
    let earlyExcused = 0;
    if (fixes.some((c) => c.kind === 'dinas_luar')) status = 'dinas_luar';
    else if (checkInAt) status = checkOutAt ? 'hadir' : 'lupa_checkout';
    else if (fixes.some((c) => c.kind === 'sanggah_alpa')) status = 'hadir';
    else if (leave) status = leave.category;
    else if (day.status === 'kerja') status = 'alpa';
    else if (day.status === 'istirahat') status = 'istirahat';
    else status = 'libur';
    const worked = status === 'hadir' || status === 'lupa_checkout';
    if (worked) {
      const onShift = day.status === 'kerja' && !!shiftStart && !!shiftEnd;
      if (onShift && shiftStart && shiftEnd && halves.length && !fullDay) {
        // A half day off (docs/daily-close.md): the expected start or end is the half-day boundary, so
        // the half on leave is neither late nor early. Measured from the effective times.
        const part = halfDayWindow(
          shiftWindow(day.date, shiftStart, shiftEnd, tz),
          day.breakMinutes ?? 0,
          halves.map((h) => h.halfDay as HalfDay),
        );
        if (part && checkInAt) late = lateAgainst(checkInAt, part.start, day.lateToleranceMinutes);
        if (part && checkOutAt) early = earlyAgainst(checkOutAt, part.end);
      } else {
        // The record's own figures stand unless a correction supplied the time they are measured from.
        if (checkInAt) late = !lastIn && counted ? counted.lateMinutes : onShift ? lateMinutes(checkInAt, shiftDay, tz) : 0;
        if (checkOutAt)
          early =
            !lastOut && counted
              ? (counted.earlyMinutes ?? 0)
              : onShift
                ? (earlyMinutes(checkOutAt, { date: day.date, checkedOut: false, shiftStart, shiftEnd }, tz) ?? 0)
                : 0;
      }
      // Approved hourly permissions cover lateness / early leave up to their minutes.
      if (permits.length) {
        const e = excuse(
          late,
          early,
          permits.map((p) => ({ kind: p.permitKind, hours: p.hours ?? 0 })),
        );
        late = e.late;
        early = e.early;
        lateExcused = e.lateExcused;
        earlyExcused = e.earlyExcused;
      }
    }
    const onLeave = status === 'cuti' || status === 'izin' || status === 'sakit';
    // The leave the day counts: a full day on a leave status; half days on a leave status or a day at
    // work (here or elsewhere: the other half was worked).
    const atWork = worked || status === 'dinas_luar';
    const counts = onLeave ? (fullDay ? [fullDay] : halves) : atWork && !fullDay ? halves : [];
    const leaveDays = counts.reduce((sum, l) => sum + (l.halfDay ? 0.5 : 1), 0);
    const shown = counts[0] ?? null;
    out.push({
      userId: day.userId,
      date: dateKeyToDate(day.date),
      officeId: day.officeId,
      status,
      calendarStatus: day.status,
      shiftStart: status === 'hadir' || status === 'lupa_checkout' || status === 'alpa' ? shiftStart : day.shiftStart,
      shiftEnd: status === 'hadir' || status === 'lupa_checkout' || status === 'alpa' ? shiftEnd : day.shiftEnd,
      attendanceId: record?.id ?? null,
      checkInAt,
      checkOutAt,
      lateMinutes: late,
      earlyMinutes: early,
      lateExcusedMinutes: lateExcused,
      earlyExcusedMinutes: earlyExcused,
      leaveId: shown?.id ?? null,
      leaveTypeName: shown ? (shown.leaveType?.name ?? LEAVE_NAMES[shown.category]) : null,
      leaveDays,
      halfDay: counts.length === 1 ? (shown?.halfDay ?? null) : null,
      correctionId: fixes.at(-1)?.id ?? null,
    });
  }
  return out;
}

/**
 * Replaces the stored rows of these employee-days with `rows` (same transaction: all or nothing), stamped
 * `classifiedAt` when given (the close's own time), else when written.
 */
export async function writeDays(tx: Tx, pairs: { userId: string; date: string }[], rows: DayRow[], classifiedAt?: Date): Promise<void> {
  if (!pairs.length) return;
  const byDate = new Map<string, string[]>();
  for (const p of pairs) byDate.set(p.date, [...(byDate.get(p.date) ?? []), p.userId]);
  for (const [date, users] of byDate) await tx.attendanceDay.deleteMany({ where: { date: dateKeyToDate(date), userId: { in: users } } });
  if (rows.length) await tx.attendanceDay.createMany({ data: classifiedAt ? rows.map((r) => ({ ...r, classifiedAt })) : rows });
}
