// Overtime (lembur, docs/overtime.md) as the API returns it: one window, and an employee's recap.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { OvertimeStatus } from '@/features/overtime/validation/overtime';
import type { DayKind, MultiplierClass, OvertimeFigures } from '@/features/overtime/lib/rules';

export type OvertimeDto = {
  id: string;
  userId: string;
  userName: string;
  userPosition: string;
  /** The shift day the window belongs to (caps, day kind, the punch it is read against). */
  date: string;
  /**
   * The calendar date the work is done on, in the office's zone (the day of `startAt`): the date the
   * pages show. After a night shift it is the next day: shift Friday 16, window 06:00–08:00 → Saturday 17.
   */
  workDate: string;
  startTime: string;
  endTime: string;
  startAt: string;
  endAt: string;
  minutes: number;
  dayKind: DayKind;
  weekDays: 5 | 6;
  timezone: string;
  reason: string;
  origin: 'request' | 'assignment';
  orderNumber: string | null;
  status: OvertimeStatus;
  /** Who decides next while pending: the supervisor, HR/admin, or the employee (an assignment's consent). */
  awaiting: 'atasan' | 'hr' | 'karyawan' | null;
  createdByName: string;
  /** Recorded on the employee's behalf by HR or an admin ("Diajukan oleh HR …"); null: the employee's own, or an assignment. */
  filedByName: string | null;
  /** The supervisor's step: who took it, in whose place (a delegate, HR or an admin), and its note. */
  supervisorApprovedByName: string | null;
  supervisorInPlaceOfName: string | null;
  supervisorNote: string | null;
  /** Approved in one step by the person who also took the supervisor's (the company's one-step setting). */
  singleStep: boolean;
  consentAt: string | null;
  processedAt: string | null;
  processedByName: string | null;
  decisionNote: string | null;
  createdAt: string;
  /** Approved only: the payable figures from the day's punches. */
  figures: OvertimeFigures | null;
  /** Converted to Cuti Pengganti instead of being paid (docs/overtime.md): when, the minutes and the days credited. */
  convertedAt: string | null;
  convertedMinutes: number | null;
  convertedDays: number | null;
};

export type OvertimeRecap = {
  userId: string;
  startDate: string;
  endDate: string;
  roundingMinutes: number;
  /** `date` the shift day, `workDate` the calendar date of the work (as OvertimeDto). */
  days: { id: string; date: string; workDate: string; dayKind: DayKind; figures: OvertimeFigures }[];
  payableMinutes: number;
  classes: MultiplierClass[];
  equivalentHours: number;
  /** Approved days whose figures wait for a check-out (a correction). */
  openDays: number;
};
