// One decision (Setujui / Tolak) on someone's request, the same way on every list (leave, overtime,
// corrections): a confirmation in the feature's words with a note, optional on an approval and the
// required reason on a rejection (all three APIs refuse a rejection without one), then PUT { status, note? } to the request's status route, then the result
// dialog. The caller puts the server's answer (the updated request) in its list in place; when the
// request was decided by someone else meanwhile (*_ALREADY_PROCESSED and the like, by code, never by
// status) or is gone, the caller reloads its list instead.
import { api, errorMessage, hasCode } from '@/lib/api-client';
import { alertDialog, confirmWithNote, confirmDialog } from '@/lib/ui/alerts';
import type { ErrorCode } from '@/lib/error-codes';
import { DECISION_MSG } from '@/features/approvals/validation/decision';

export type Decision = 'approved' | 'rejected';

/** What the dialogs say about this decision on this request, in the feature's own words. */
export type DecisionSubject = {
  /** The confirmation: title, text and confirm button. */
  title: string;
  text?: string;
  confirmText: string;
  /** The success dialog. */
  doneTitle: string;
  doneText?: string;
  /** The failure dialog's title (its text is the server's message). */
  failTitle: string;
};

export type DecisionOutcome<T> =
  | { kind: 'done'; answer: T }
  | { kind: 'cancelled' }
  /** `stale`: decided by someone else meanwhile, or gone: the list should be reloaded. */
  | { kind: 'failed'; stale: boolean };

export async function decide<T>({
  url,
  status,
  subject,
  withNote = true,
  staleCodes,
  onConfirmed,
}: {
  /** The status route, e.g. `/leaves/${id}/status`. */
  url: string;
  status: Decision;
  subject: DecisionSubject;
  /** Offer the optional note (default). */
  withNote?: boolean;
  /** The codes that mean "no longer pending": the feature's *_ALREADY_PROCESSED and its kin. NOT_FOUND is always one. */
  staleCodes: readonly ErrorCode[];
  /** Called once confirmed, before the request is sent (mark the row busy). */
  onConfirmed?: () => void;
}): Promise<DecisionOutcome<T>> {
  const ask = {
    title: subject.title,
    text: subject.text,
    confirmText: subject.confirmText,
    icon: 'question' as const,
    ...(status === 'rejected' ? { noteRequired: DECISION_MSG.rejectReason } : {}),
  };
  const note = withNote || status === 'rejected' ? await confirmWithNote(ask) : (await confirmDialog(ask)) ? '' : null;
  if (note === null) return { kind: 'cancelled' };
  onConfirmed?.();
  try {
    const answer = await api.put<T>(url, { status, ...(note.trim() ? { note: note.trim() } : {}) });
    void alertDialog('success', subject.doneTitle, subject.doneText);
    return { kind: 'done', answer };
  } catch (error) {
    void alertDialog('error', subject.failTitle, errorMessage(error, 'Terjadi kesalahan'));
    return { kind: 'failed', stale: hasCode(error, ...staleCodes, 'NOT_FOUND') };
  }
}
