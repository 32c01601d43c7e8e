// Work schedules and their assignments (docs/calendar.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type ScheduleDto = {
  id: string;
  name: string;
  breakMinutes: number;
  /** The break is punched (Mulai/Selesai Istirahat, docs/calendar.md "Istirahat"); breakMinutes its allowed length. */
  breakPunch: boolean;
  lateToleranceMinutes: number;
  isDefault: boolean;
  active: boolean;
  days: { weekday: number; start: string | null; end: string | null; crossesMidnight: boolean }[];
  employeeCount: number;
};
export type AssignmentDto = {
  id: string;
  userId: string;
  userName: string;
  scheduleId: string;
  scheduleName: string;
  startDate: string;
  endDate: string | null;
};
