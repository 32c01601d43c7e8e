// Attendance records as the admin's history list sends them (GET /attendance/all).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { FaceStatus } from '@/features/reports/validation/reports';
import type { ClosedDay } from '@/features/attendance/lib/types';
import type { FlagReasonCode } from '@/features/attendance/lib/anti-fraud';

/** A check-in or check-out: when and where. */
export type AttendancePoint = { timestamp: string; latitude: number; longitude: number };

export type AttendanceRecordDto = {
  id: string;
  date: string;
  userId: string;
  userName: string;
  userEmail: string;
  userPosition: string;
  checkIn: AttendancePoint | null;
  checkOut: AttendancePoint | null;
  lateMinutes: number;
  earlyMinutes: number | null;
  faceCheckStatus: FaceStatus;
  faceCheckReason: string | null;
  reviewDecision: 'confirmed' | 'rejected' | null;
  reviewedAt: string | null;
  hasCheckInPhoto: boolean;
  hasCheckOutPhoto: boolean;
  /** Where it was made; its times are shown in this office's zone. */
  office: { id: string; name: string; timezone: string } | null;
  dayStatus: string | null;
  /** Every reason the record was flagged (Perlu Tinjauan), oldest first. */
  flags: { phase: 'check_in' | 'check_out'; reason: FlagReasonCode; detail: unknown }[];
  /** Flagged and not decided yet. */
  needsReview: boolean;
  /** The closed day (docs/daily-close.md), with its correction trail; absent until the day is closed. */
  day?: ClosedDay | null;
};
