// A save whose change a closed month keeps out says so (docs/periods.md, "Changes that reach a closed
// month"): the answer's periodNotice is shown in a dialog that stays until it is closed, instead of the
// usual success toast (title and text) that disappears.
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import type { PeriodNotice } from '@/features/periods/types/periods';

/** The success message of a save; with a notice, a dialog "Berhasil disimpan" with both texts. */
export function announceSaved(opts: { title: string; text?: string; notice?: PeriodNotice | null; asToast?: boolean }): void {
  const { title, text, notice } = opts;
  if (notice) {
    void alertDialog('info', title, [text, notice.message].filter(Boolean).join('. '));
    return;
  }
  if (opts.asToast) void toast('success', text ?? title);
  else void savedToast(title, text);
}
