// Leave types, ledger entries, balances and the leave policy as the API returns them (docs/leave.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { LeaveType } from '@/features/leave/validation/leave';
import type { LeaveCategory, LeavePolicyInput, LedgerKind } from '@/features/leave/validation/leave-ledger';
import type { DurationUnit } from '@/features/leave/lib/duration';

export type LeaveTypeDto = {
  id: string;
  code: string;
  name: string;
  category: LeaveCategory;
  legacyType: LeaveType;
  deductsBalance: boolean;
  quotaPerEvent: number | null;
  quotaPerYear: number | null;
  halfDayAllowed: boolean;
  hourlyAllowed: boolean;
  attachmentRequired: boolean;
  attachmentFromDays: number | null;
  calendarDays: boolean;
  /** The unit of quotaPerEvent, maxDays and attachmentFromDays: days, or calendar months (Cuti Melahirkan). */
  durationUnit: DurationUnit;
  maxDays: number | null;
  minNoticeDays: number;
  /** How many days back a request may start (filed after the fact; 0: from today on). */
  backdateDays: number;
  paid: boolean;
  active: boolean;
};

export type LedgerEntryDto = {
  id: string;
  leaveTypeId: string;
  kind: LedgerKind;
  label: string;
  days: number;
  effectiveDate: string;
  expiresAt: string | null;
  note: string | null;
  actorName: string | null;
  leaveId: string | null;
  createdAt: string;
};

export type BalanceDto = {
  userId: string;
  userName: string;
  asOf: string;
  /** Sisa cuti tahunan: the sum of the annual type's ledger. */
  annual: {
    leaveTypeId: string;
    name: string;
    balance: number;
    /** Days the annual type's requests still waiting for a decision would take (not yet in `balance`). */
    pending: number;
    /** What may still be asked for: balance − pending (never below 0). */
    available: number;
    /** Cuti bersama days after `asOf` already taken from `balance` (the ledger books them in advance), and their dates. */
    futureCutiBersama: { days: number; dates: string[] };
  } | null;
  /** Per-event quotas of the other types, for the form and the page. */
  quotas: { leaveTypeId: string; name: string; quotaPerEvent: number | null; maxDays: number | null; durationUnit: DurationUnit }[];
  /**
   * Cuti Pengganti (docs/leave.md): its own balance, the credits still holding days, each with the last day
   * it may be used (`expiresAt`). null when the type is missing or inactive.
   */
  compensatory: {
    leaveTypeId: string;
    name: string;
    balance: number;
    credits: { id: string; days: number; remaining: number; effectiveDate: string; expiresAt: string | null; note: string | null }[];
  } | null;
  ledger: LedgerEntryDto[];
};

/** The leave policy (docs/leave.md): GET /api/settings/leave-policy and the answer to PUT. */
export type LeavePolicyDto = LeavePolicyInput & {
  /** The day the current policy took effect (null: since the start). */
  effectiveFrom: string | null;
  /** Cuti Tahunan's yearly quota, for the form's explanation. */
  annualQuota: number | null;
};
