// Shapes of the attendance API's responses: a day's marks, the employee's history, today and the month's
// summary, and the records as the admin's history list sends them (GET /attendance/all).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { FaceStatus } from '@/features/reports/validation/reports';
import type { FlagReasonCode, LivenessStep } from '@/features/attendance/lib/anti-fraud';
import type { DayResult } from '@/features/corrections/validation/corrections';
import type { BreakFigures } from '@/features/attendance/lib/breaks';

export type AttendanceMark = {
  timestamp: string;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  distance: number | null;
  verificationMethod: string;
  hasPhoto: boolean;
};

export type CheckInMark = AttendanceMark & { lateMinutes: number };
export type CheckOutMark = AttendanceMark & { earlyMinutes: number | null };

export type FaceCheckStatus = 'pending' | 'verified' | 'flagged';

/** A history entry: presence means a check-in timestamp exists. */
export type HistoryEntry = {
  id: string;
  date: string;
  checkIn: CheckInMark | null;
  checkOut: CheckOutMark | null;
  /** Payable minutes: after an approved half day or hourly permission (the closed day's, or the close's rule for an open day). */
  lateMinutes: number;
  earlyMinutes: number | null;
  faceCheckStatus: FaceCheckStatus;
  /** Where the record was made; its zone is the one its times are shown in. */
  office: { id: string; name: string; timezone: string; zone: string } | null;
  /** The calendar's status of the day at check-in (kerja, istirahat, libur_nasional, …) and the shift measured against. */
  dayStatus: string | null;
  shiftStart: string | null;
  shiftEnd: string | null;
  /** Flagged and not decided yet: the day waits for a reviewer (Perlu Tinjauan, docs/anti-fraud.md). */
  underReview?: boolean;
  /** The reasons it was flagged (face, device, location …), sorted, each once. */
  flagReasons?: string[];
  /** A reviewer's decision on a flagged record: 'rejected' means the day counts as not present. */
  reviewDecision?: 'confirmed' | 'rejected' | null;
  /** The punched break (docs/calendar.md, "Istirahat"): null when none was punched. */
  break?: BreakFigures | null;
  /**
   * The day as the daily close classified it (docs/daily-close.md), with its correction trail; absent
   * until the day is closed. An entry without a punch record (absent, leave, dinas luar) has only this.
   */
  day?: ClosedDay | null;
};

/** A closed day's classification as histories show it (the DTO of features/attendance/server/attendance-days.ts). */
export type ClosedDay = {
  date: string;
  status: 'hadir' | 'alpa' | 'cuti' | 'izin' | 'sakit' | 'libur' | 'istirahat' | 'lupa_checkout' | 'dinas_luar';
  label: string;
  checkInAt: string | null;
  checkOutAt: string | null;
  lateMinutes: number;
  earlyMinutes: number;
  leaveTypeName: string | null;
  correction: {
    id: string;
    kind: 'tambah_jam' | 'dinas_luar' | 'sanggah_alpa';
    reason: string;
    note: string | null;
    direct: boolean;
    requestedBy: string;
    decidedBy: string | null;
    decidedAt: string | null;
    decisionNote: string | null;
    original: unknown;
  } | null;
};

export type TodayAttendance = {
  id: string | null;
  date: string;
  timezone: string;
  checkIn: CheckInMark | null;
  checkOut: CheckOutMark | null;
  lateMinutes: number | null;
  earlyMinutes: number | null;
  office: { id: string; name: string } | null;
  /** The record's schedule requires the break to be punched (docs/calendar.md, "Istirahat"): the phone offers Mulai/Selesai Istirahat. */
  breakPunch?: boolean;
  /** The punched break so far; null when none. */
  break?: BreakFigures | null;
};

export type MonthlySummary = {
  month: string;
  dayOfMonth: number;
  countedDays: number;
  presentDays: number;
  leaveDays: number;
  absentDays: number;
  attendanceRate: number;
};

export type DayStatus = 'Lengkap' | 'Hanya Check-in' | 'Tidak Hadir';
export type TodayStatus = 'Belum Check-in' | 'Sudah Check-in' | 'Sudah Check-out';

/** A check-in or check-out: when and where. */
export type AttendancePoint = { timestamp: string; latitude: number; longitude: number };

/** Where a check-in/out was made: the phone, a kiosk, a machine's push, an imported file (features/attendance/lib/punch-source.ts). */
export type PunchSourceKind = 'ponsel' | 'kiosk' | 'mesin' | 'impor';
/** `name`: the kiosk's, or the terminal's (its serial number when unnamed); `label`: as the history shows it. */
export type PunchSource = { kind: PunchSourceKind; name: string | null; label: string };

export type AttendanceRecordDto = {
  id: string;
  date: string;
  userId: string;
  userName: string;
  userEmail: string;
  userPosition: string;
  /** NIK karyawan and Divisi (docs/onboarding.md). */
  userEmployeeNumber: string | null;
  userDivision: string | null;
  checkIn: AttendancePoint | null;
  checkOut: AttendancePoint | null;
  /** Where the check-in / check-out was made ("Ponsel", "Kiosk Lobi", "Mesin Pintu Gudang", "Impor file"); null without that punch. */
  checkInSource: PunchSource | null;
  checkOutSource: PunchSource | null;
  /** Payable minutes: after an approved half day or hourly permission (the closed day's, or the close's rule for an open day). */
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
  flags: { phase: 'check_in' | 'check_out' | 'break_start' | 'break_end'; reason: FlagReasonCode; detail: unknown }[];
  /** Flagged and not decided yet. */
  needsReview: boolean;
  /** The punched break (docs/calendar.md, "Istirahat"): null when none was punched. */
  break: BreakFigures | null;
  /** The closed day (docs/daily-close.md), with its correction trail; absent until the day is closed. */
  day?: ClosedDay | null;
};

/** A closed day's correction trail: the shape the histories already send (ClosedDay above). */
export type CorrectionTrail = NonNullable<ClosedDay['correction']>;

export type DayDto = {
  date: string;
  status: DayResult;
  label: string;
  calendarStatus: string;
  shiftStart: string | null;
  shiftEnd: string | null;
  attendanceId: string | null;
  checkInAt: string | null;
  checkOutAt: string | null;
  lateMinutes: number;
  earlyMinutes: number;
  leaveTypeName: string | null;
  /** Days of leave the day counts: 1, 0.5 for a half day (also on a worked day), 0. */
  leaveDays: number;
  /** The half of a half-day leave: pagi (the morning off) or siang (the afternoon off). */
  halfDay: 'pagi' | 'siang' | null;
  /** Minutes an approved hourly permission covered (not in lateMinutes / earlyMinutes). */
  lateExcusedMinutes: number;
  earlyExcusedMinutes: number;
  office: { id: string; name: string; timezone: string; zone: string } | null;
  /** The last approved correction of the day (dikoreksi), null when never corrected. */
  correction: CorrectionTrail | null;
};

/** A one-time challenge before a check-in or check-out (POST /attendance/challenge, docs/anti-fraud.md). */
/** A punch: check-in/out, or the start or end of a punched break (docs/calendar.md, "Istirahat"). */
export type ChallengeAction = 'check-in' | 'check-out' | 'break-start' | 'break-end';
export type ChallengeDto = { id: string; action: ChallengeAction; expiresAt: string; steps: LivenessStep[] };
