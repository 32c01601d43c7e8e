import type { PeriodNotice } from '@/features/periods/types/periods';

// What the import answers (docs/onboarding.md): every row's outcome and every error, before anything is written.
export type ImportRowStatus = 'baru' | 'diubah' | 'tanpa_perubahan' | 'galat';
export type ImportError = { row: number; column: string; message: string };
export type ImportRowDto = {
  /** The row's number in the file (the header is row 1). */
  row: number;
  nik: string;
  name: string;
  status: ImportRowStatus;
  /** Diubah: the columns whose value changes. */
  changes: string[];
};
export type ImportResultDto = {
  dryRun: boolean;
  /** True when the file was written (never on a dry run, never with an error). */
  committed: boolean;
  counts: { total: number; baru: number; diubah: number; tanpaPerubahan: number; galat: number };
  newDivisions: string[];
  rows: ImportRowDto[];
  errors: ImportError[];
  message: string;
  /**
   * The closed months the import's changes (a new person's join date, a changed join date, office or
   * schedule) would reach: they keep their days, and the changes apply from the month after. The dry run
   * foresees it, the commit answers what the database noted (docs/periods.md); null when none.
   */
  periodNotice: PeriodNotice | null;
  /**
   * With `sendInvites` on a commit: the new people's activation links, and how many went out by e-mail and by
   * WhatsApp (queued in the notifications' outbox with the import); null when not asked.
   */
  invites: { created: number; email: number; whatsapp: number } | null;
};
