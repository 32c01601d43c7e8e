// The Rekap Bulanan's response types (docs/recap.md), shared by the service and the pages.
import type { DayResult } from '@/features/corrections/validation/corrections';

export type RecapOvertime = {
  /** Payable minutes (rounded down per day, docs/overtime.md). */
  payableMinutes: number;
  /** Jam lembur setara: the sum of hours × multiplier. */
  equivalentHours: number;
  /** Hours per multiplier class, lowest multiplier first. */
  classes: { multiplier: number; minutes: number; hours: number }[];
};

/** One approved overtime request of an employee's month with its payable figures (Rekap Saya). */
export type RecapOvertimeDay = RecapOvertime & { id: string; date: string; startTime: string; endTime: string };

export type RecapRow = {
  userId: string;
  name: string;
  email: string;
  position: string;
  /** NIK karyawan and Divisi as they are now (docs/onboarding.md): added on reading, also to a closed month's snapshot. */
  employeeNumber?: string | null;
  division?: string | null;
  officeId: string;
  officeName: string;
  /** Hari wajib hadir: the month's working days of the calendar (closed or not). */
  workDays: number;
  /** Hadir: days at work (hadir, dinas luar, lupa check-out), also on rest days and holidays. */
  present: number;
  dinasLuar: number;
  lateCount: number;
  lateMinutes: number;
  earlyCount: number;
  earlyMinutes: number;
  alpa: number;
  /** Days of leave by category (a half day counts 0.5). */
  cuti: number;
  izin: number;
  sakit: number;
  /** Days of leave by type name (Cuti Tahunan, Sakit dengan Surat Dokter, …). */
  leaveByType: Record<string, number>;
  /** The category of each of those leave types (absent from snapshots stored before it was kept). */
  leaveCategories?: Record<string, LeaveCategory>;
  libur: number;
  istirahat: number;
  holidaysWorked: number;
  restDaysWorked: number;
  lupaCheckout: number;
  /** Days whose punched break ran over its allowed length, and the minutes over in all (docs/calendar.md, "Istirahat");
   * absent from snapshots stored before breaks were punched. */
  breakOverCount?: number;
  breakOverMinutes?: number;
  correctedDays: number;
  overtime: RecapOvertime;
  unresolvedFlags: number;
  /** Days of the month in employment whose daily close has not run yet (belum ditutup). */
  openDays: number;
};

export type RecapTotals = Omit<RecapRow, 'userId' | 'name' | 'email' | 'position'> & { employees: number };

/** The leave categories the recap totals (`cuti`, `izin`, `sakit` of a row). */
export type LeaveCategory = 'cuti' | 'izin' | 'sakit';

export type RecapDto = {
  month: string;
  label: string;
  officeId: string | null;
  /** The period's status; a closed month with a snapshot answers from it (source 'snapshot'). */
  status: 'open' | 'closed';
  source: 'live' | 'snapshot';
  computedAt: string;
  /** Every leave type name that occurs, for the columns. */
  leaveTypes: string[];
  /** The category of each of those leave types (the days' status), so its column stands under the category's total. */
  leaveTypeCategories: Record<string, LeaveCategory>;
  /** Every overtime multiplier that occurs, for the columns. */
  multipliers: number[];
  rows: RecapRow[];
  /** With `page`: every employee row of the month and filters, this page and its size. */
  total?: number;
  page?: number;
  pageSize?: number;
  offices: RecapTotals[];
  totals: RecapTotals;
};

/** What Period.snapshot holds: the recap of every office at the close. */

export type RecapSnapshot = { version: 1; computedAt: string; rows: RecapRow[] };

export type RecapDay = {
  date: string;
  /** A closed day's status, or belum_ditutup / belum_bergabung / nonaktif. */
  status: DayResult | 'belum_ditutup' | 'belum_bergabung' | 'nonaktif';
  label: string;
  color: string;
  calendarStatus: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  checkInAt: string | null;
  checkOutAt: string | null;
  zone: string | null;
  timezone: string | null;
  lateMinutes: number;
  earlyMinutes: number;
  leaveTypeName: string | null;
  /** Days of leave the day counts: 1, 0.5 for a half day (also on a worked day), 0. */
  leaveDays: number;
  /** The half of a half-day leave: pagi (the morning off) or siang (the afternoon off). */
  halfDay: 'pagi' | 'siang' | null;
  /** Minutes of lateness / early leave an approved hourly permission covered (not in lateMinutes / earlyMinutes). */
  lateExcusedMinutes: number;
  earlyExcusedMinutes: number;
  corrected: boolean;
  /** Minutes the day's punched break ran over its allowed length (docs/calendar.md, "Istirahat"). */
  breakOverMinutes: number;
};

export type EmployeeRecapDto = {
  month: string;
  label: string;
  status: 'open' | 'closed';
  source: 'live' | 'snapshot';
  user: { id: string; name: string; email: string; position: string };
  summary: RecapRow | null;
  days: RecapDay[];
  /** The month's approved overtime, one entry per request (the days behind the overtime figures). */
  overtimeDays: RecapOvertimeDay[];
};
