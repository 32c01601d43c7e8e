// The calendar (docs/calendar.md): one employee-day, and the roster grid (Jadwal Kerja) built from it.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { DayStatus } from '@/features/calendar/validation/calendar';

export type CalendarDay = {
  userId: string;
  date: string;
  status: DayStatus;
  officeId: string | null;
  timezone: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  breakMinutes: number | null;
  lateToleranceMinutes: number | null;
  /** The holiday on that date for the employee's office, even when it is worked (roster, cuti bersama under 'masuk'). */
  holidayKind: 'libur_nasional' | 'cuti_bersama' | 'libur_perusahaan' | null;
  holidayName: string | null;
};

export type RosterCell = Omit<CalendarDay, 'userId' | 'officeId' | 'timezone'> & { override: boolean; label: string | null };
export type RosterRow = {
  userId: string;
  name: string;
  position: string;
  officeId: string | null;
  scheduleName: string | null;
  days: RosterCell[];
};
export type RosterDto = {
  startDate: string;
  endDate: string;
  officeId: string | null;
  rows: RosterRow[];
  /** With `page`: the people of the filter in all pages, this page and its size. */
  total?: number;
  page?: number;
  pageSize?: number;
};

/** GET /api/calendar/{userId}: each day of the range with its zone and whether the shift crosses midnight. */
export type CalendarDto = {
  userId: string;
  startDate: string;
  endDate: string;
  days: (Omit<CalendarDay, 'userId'> & { zone: string; crossesMidnight: boolean })[];
};
