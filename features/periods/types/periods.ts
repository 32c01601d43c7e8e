// Monthly periods (close, reopen, what blocks a close).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type PeriodBlocker = { kind: string; label: string; count: number };
export type PeriodDto = {
  month: string;
  label: string;
  status: 'open' | 'closed';
  /** The month has ended (in the main office's zone): only then can it close. */
  ended: boolean;
  closedAt: string | null;
  closedByName: string | null;
  reason: string | null;
  overrideReason: string | null;
  reopenedAt: string | null;
  reopenReason: string | null;
  blockers: PeriodBlocker[];
};

/**
 * Said by a write whose change would have reached a month closed by Tutup Periode: the change applies from
 * `from` (the first day after the last such month); the closed months' days stay as they were closed.
 */
export type PeriodNotice = { from: string; closedMonths: string[]; message: string };
