// GET /dashboard/admin: today's figures, recent activity, top performers and pending work, from SQL.
// Today and this month use the same per-employee cells as the reports (see reports.ts for the formulas):
//   todayPresent = employees with a record today; todayOnLeave = approved leave and no record (a half day
//                  off without a record included: a person, not half a day);
//   todayAbsent  = employees due today (a working day) with neither; on a non-working day nobody is absent;
//   attendanceRate = present / (employees − on leave) × 100, one decimal (the spec's present / total,
//                    without those on approved leave).
//   Recent activity: the latest 10 attendance records of employees, any day, newest first (the spec's
//                    'Aktivitas Terbaru'); a record without a check-in is shown as 'Tidak Hadir'.
//   Top performers: this month up to today, rate = present / (present + absent), the spec's 'monthly
//   performance rate' without the weekends, days before joining and leave days; best 5 with a presence.
import { countNeedsReview } from '@/features/attendance/server/attendance-flags';
import { db } from '@/lib/server/db';
import type { SessionUser } from '@/lib/server/auth/session';
import { employeeStats, officeContext, rate } from '@/features/reports/server/reports';
import { assertStaff } from '@/lib/server/auth/policy';
import { dateToKey } from '@/lib/dates';
import type { ActivityItem, AdminDashboardDto } from '@/features/reports/types/dashboard';

export const RECENT_ACTIVITY = 10;
export const TOP_PERFORMERS = 5;

export type { ActivityStatus, ActivityItem, TopPerformer, AdminDashboardDto } from '@/features/reports/types/dashboard';

export async function adminDashboard(actor: SessionUser, now = new Date(), officeId: string | null = null): Promise<AdminDashboardDto> {
  assertStaff(actor);
  const ctx = await officeContext(now, officeId);
  const today = ctx.today;
  const day = { ...ctx, start: today, end: today };
  const month = { ...ctx, start: `${today.slice(0, 8)}01`, end: today };
  const [todayStats, monthStats, pendingLeaves, flaggedFaces, needsReview, latest] = await Promise.all([
    employeeStats(day),
    employeeStats(month),
    db.leaveRequest.count({ where: { status: 'pending' } }),
    db.attendance.count({ where: { faceCheckStatus: 'flagged', reviewDecision: null } }),
    countNeedsReview(),
    db.attendance.findMany({
      where: { user: { onPayroll: true, pendingApproval: false, deactivatedAt: null }, ...(officeId ? { officeId } : {}) },
      select: {
        id: true,
        userId: true,
        workDate: true,
        checkInAt: true,
        checkOutAt: true,
        reviewDecision: true,
        user: { select: { name: true, position: true } },
        office: { select: { timezone: true } },
      },
      // The same total order as GET /attendance/all (date, check-in, id; all descending), so records
      // checked in at the same minute come in the same order on both.
      orderBy: [{ workDate: 'desc' }, { checkInAt: 'desc' }, { id: 'desc' }],
      take: RECENT_ACTIVITY,
    }),
  ]);

  let present = 0;
  let absent = 0;
  let onLeave = 0;
  for (const e of todayStats) {
    present += e.present;
    absent += e.absent;
    onLeave += e.leaveDaysOff;
  }

  const recentActivity: ActivityItem[] = latest.map((a) => ({
    id: a.id,
    userId: a.userId,
    name: a.user.name,
    position: a.user.position,
    date: dateToKey(a.workDate),
    // A record a reviewer rejected is no presence.
    status: a.reviewDecision === 'rejected' ? 'alpa' : 'hadir',
    checkIn: a.checkInAt.toISOString(),
    checkOut: a.checkOutAt?.toISOString() ?? null,
    timezone: a.office?.timezone ?? ctx.timezone,
  }));

  const topPerformers = monthStats
    .filter((e) => e.present > 0)
    .sort((a, b) => b.attendanceRate - a.attendanceRate || b.present - a.present || a.name.localeCompare(b.name))
    .slice(0, TOP_PERFORMERS)
    .map((e) => ({ id: e.userId, name: e.name, position: e.position, presentDays: e.present, performanceRate: e.attendanceRate }));

  return {
    today,
    timezone: ctx.timezone,
    isWorkingDay: todayStats.some((e) => e.totalDays > 0),
    updatedAt: now.toISOString(),
    stats: {
      totalEmployees: todayStats.length,
      todayPresent: present,
      todayAbsent: absent,
      todayOnLeave: onLeave,
      attendanceRate: rate(present, todayStats.length - onLeave),
      pendingLeaves,
      flaggedFaces,
      needsReview,
    },
    recentActivity,
    topPerformers,
  };
}
