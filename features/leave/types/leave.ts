// Leave requests as the API returns them, the employee's counts, and the team leave calendar (docs/leave.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { LeaveStatus, LeaveType, PermitKind } from '@/features/leave/validation/leave';
import type { HalfDay, LeaveCategory } from '@/features/leave/validation/leave-ledger';

/** What the API returns for one request, with the inclusive day count. */
export type LeaveDto = {
  id: string;
  _id: string;
  userId: string;
  userName: string;
  userPosition: string;
  type: LeaveType;
  leaveTypeId: string | null;
  leaveTypeName: string;
  /** cuti | izin | sakit: how the day counts in the daily close. */
  category: LeaveCategory;
  halfDay: HalfDay | null;
  hours: number | null;
  /** What an hourly permission covers (datang terlambat, pulang cepat, keluar kantor); null: not said (older requests). */
  permitKind: PermitKind | null;
  reason: string;
  startDate: string;
  endDate: string;
  /** Working days (or calendar days, by type) inside the range; 0.5 for half a day; 0 for an hourly permission. */
  days: number;
  hasAttachment: boolean;
  /** Waiting for: 'atasan' (the supervisor) or 'hr'; null once decided. */
  awaiting: 'atasan' | 'hr' | null;
  /** The employee's supervisor (atasan), who decides the first step; null: none. */
  supervisorId?: string | null;
  steps: LeaveStepDto[];
  appliedAt: string;
  status: LeaveStatus;
  processedAt: string | null;
  processedByName: string | null;
  /** Filed on the employee's behalf by HR or an admin ("Diajukan oleh HR …"); null: by the employee. */
  filedByName: string | null;
  /** Approved in one step by the person who also took the supervisor's (the company's one-step setting). */
  singleStep: boolean;
  /** A pending supervisor step on the approval list's pages: who else may take it today (docs/leave.md). */
  routing?: { delegateName: string | null; supervisorAway: boolean; escalated: boolean };
};

export type LeaveStepDto = {
  step: string;
  decision: string;
  actorName: string;
  actorRole: string;
  note: string | null;
  at: string;
  /** The supervisor in whose place a delegate, HR or an admin took this step. */
  inPlaceOfName: string | null;
};

export type LeaveStats = { total: number; approved: number; pending: number; rejected: number; cancelled: number };

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
