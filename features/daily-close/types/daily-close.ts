// Tutup Harian (docs/daily-close.md, "The Tutup Harian page"). Response types only: the server builds
// them, the page imports them from here.
import type { CloseCountKey, CloseDayState } from '@/features/daily-close/lib/close-states';

export type CloseSettingsDto = { dailyCloseTime: string; catchUpDays: number };

export type CloseDayDto = {
  date: string;
  state: CloseDayState;
  /** When the close claimed the day (DayClose.closedAt), null when not closed. */
  closedAt: string | null;
  /** Employee-days stored for the day (payroll members), and per status. */
  employeeDays: number;
  counts: Partial<Record<CloseCountKey, number>>;
  /** Employee-days of this office and date waiting for re-classification. */
  waiting: number;
};

export type CloseOfficeMonthDto = {
  officeId: string;
  officeName: string;
  timezone: string;
  /** Today's date in the office's zone. */
  today: string;
  days: CloseDayDto[];
  summary: Record<CloseDayState, number>;
};

export type CloseMonthDto = {
  month: string;
  label: string;
  /** Closed by Tutup Periode: no day of it can be run (periodMessage says why). */
  periodClosed: boolean;
  periodMessage: string | null;
  settings: CloseSettingsDto;
  offices: CloseOfficeMonthDto[];
};

export type CloseRunOfficeDto = { officeId: string; days: number; alreadyClosed: boolean; provisional: boolean };
export type CloseRunDto = { message: string; startDate: string; endDate: string; days: { date: string; offices: CloseRunOfficeDto[] }[] };
