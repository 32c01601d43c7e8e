// The team leave calendar (docs/leave.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type LeaveCalendarEntry = {
  leaveId: string;
  userId: string;
  userName: string;
  leaveTypeName: string;
  category: string;
  status: string;
  halfDay: string | null;
  hours: number | null;
};
export type LeaveCalendarDto = { month: string; officeId: string | null; days: { date: string; entries: LeaveCalendarEntry[] }[] };
