// Tukar Jadwal's response types (docs/calendar.md, "Tukar jadwal").
import type { SwapStatus } from '@/features/calendar/validation/roster-swaps';

/** One person's day as the calendar had it (shift or rest), for the swap's display. */
export type SwapDay = { status: string; shiftStart: string | null; shiftEnd: string | null };

export type RosterSwapDto = {
  id: string;
  date: string;
  requesterId: string;
  requesterName: string;
  /** null: an own shift change to start–end. */
  partnerId: string | null;
  partnerName: string | null;
  start: string | null;
  end: string | null;
  reason: string;
  status: SwapStatus;
  consentAt: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  note: string | null;
  createdAt: string;
  /** What the viewer may do now. */
  canConsent: boolean;
  canDecide: boolean;
};

export type SwapListDto = {
  items: RosterSwapDto[];
  /** The viewer's colleagues of the same office (an employee's form); empty for admin and HR. */
  colleagues: { id: string; name: string }[];
};
