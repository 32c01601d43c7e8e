// Face enrolment as the admin and the employee see it (docs/face.md), and the review of a flagged record.
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { FlagReasonCode } from '@/features/attendance/lib/anti-fraud';

export type FaceEnrolmentDto = {
  userId: string;
  status: 'active' | 'reset' | 'none';
  enrolled: boolean;
  enrolledAt: string | null;
  enrolledBy: { id: string; name: string } | null;
  resetAt: string | null;
  resetBy: { id: string; name: string } | null;
  /** Positions (1..3) of the stored enrolment photos. */
  photos: number[];
};

/** One reason the record was flagged, as the reviewer sees it. */
export type FlagDto = {
  phase: 'check_in' | 'check_out' | 'break_start' | 'break_end';
  reason: FlagReasonCode;
  detail: unknown;
  createdAt: string;
};

export type ReviewHistoryItem = {
  id: string;
  decision: 'confirmed' | 'rejected';
  note: string | null;
  reviewer: { id: string; name: string };
  createdAt: string;
};

/** The review of a flagged record (Perlu Tinjauan, docs/anti-fraud.md), as the review endpoints return it. */
export type ReviewDto = {
  id: string;
  faceCheckStatus: 'pending' | 'verified' | 'flagged';
  faceCheckReason: string | null;
  reviewDecision: 'confirmed' | 'rejected' | null;
  reviewNote: string | null;
  reviewedAt: string | null;
  reviewedBy: { id: string; name: string } | null;
  /** Every decision ever made on this record, oldest first. */
  history: ReviewHistoryItem[];
  /** Every reason it was flagged, oldest first. */
  flags: FlagDto[];
};
