// Attendance reports (GET /reports/*); the formulas are in features/reports/server/reports.ts.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type EmployeeStat = {
  userId: string;
  name: string;
  position: string;
  /** NIK karyawan and Divisi (docs/onboarding.md); the report adds them, the dashboard leaves them out. */
  employeeNumber?: string | null;
  division?: string | null;
  joinDate: string;
  present: number;
  absent: number;
  /** Days of approved leave on working days: a half day 0.5, also on a day the other half was worked. */
  leave: number;
  /** Working days with approved leave and no attendance (neither present nor absent; a half day included). */
  leaveDaysOff: number;
  totalDays: number;
  attendanceRate: number;
};
export type DailyStat = { date: string; present: number; absent: number; leave: number; workingDay: boolean };
export type ReportSummary = {
  totalEmployees: number;
  totalPresent: number;
  totalAbsent: number;
  totalLeave: number;
  attendanceRate: number;
  dateRange: { startDate: string; endDate: string };
  /** Hari kerja: the working days most of the report's employees have (up to today; those employed over the whole period). */
  totalDays: number;
  /** The fewest and most working days among those employees (equal when they all have the same). */
  workingDays: { min: number; max: number };
  calendarDays: number;
  totalRecords: number;
};
export type ReportDto = { summary: ReportSummary; dailyStats: DailyStat[]; employeeStats: EmployeeStat[]; timezone: string; today: string };
