// "Applies from the first open day, and says so" (docs/periods.md, "Changes that reach a closed month"):
// the re-classification triggers note, for the change's own transaction, every month closed by Tutup
// Periode that the change would have reached (absensi_enqueue_reclassify, migration
// 20261127100000_closed_month_notice); a service that changed a workplace, a schedule, an office's zone or
// the cuti bersama policy reads the note before it commits and puts it in its answer, so the screen says it.
import type { Prisma } from '@/lib/generated/prisma/client';
import { closedMonthsNoticeMessage, nextMonth } from '@/features/periods/validation/periods';
import type { PeriodNotice } from '@/features/periods/types/periods';

export type { PeriodNotice } from '@/features/periods/types/periods';

/** The closed months this transaction's changes would have reached, as a notice; null when none. Call it last, inside the transaction. */
export async function closedMonthsNotice(tx: Prisma.TransactionClient): Promise<PeriodNotice | null> {
  const [row] = await tx.$queryRaw<{ months: string[] }[]>`SELECT absensi_closed_skipped() AS months`;
  const months = row?.months ?? [];
  if (!months.length) return null;
  return { from: `${nextMonth(months.at(-1)!)}-01`, closedMonths: months, message: closedMonthsNoticeMessage(months) };
}
