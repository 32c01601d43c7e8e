// The one body of a decision on someone's request (PUT /leaves/{id}/status, /overtime/{id}/status,
// /corrections/{id}/status; docs/leave.md, "A reason on every rejection"): approved or rejected, and a
// note, optional on an approval and required on a rejection (the reason the employee reads). Shared by the
// three routes and the decision dialog (lib/ui/decide.ts), so the rule and its words are written once.
import { z } from 'zod';

export const DECISIONS = ['approved', 'rejected'] as const;
export type DecisionStatus = (typeof DECISIONS)[number];

export const DECISION_MSG = {
  status: 'Status harus approved atau rejected',
  note: 'Catatan tidak valid',
  noteLength: 'Catatan maksimal 500 karakter',
  rejectReason: 'Alasan penolakan harus diisi',
} as const;
export const DECISION_NOTE_MAX = 500;

/** The fields: a blank or absent note is no note (undefined); a note is trimmed and at most 500 characters. */
export const decisionFields = {
  status: z.enum(DECISIONS, { error: DECISION_MSG.status }),
  note: z
    .string({ error: DECISION_MSG.note })
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || v.length <= DECISION_NOTE_MAX, DECISION_MSG.noteLength),
};

/** A rejection without its reason: 400 on the field `note`. */
export function requireRejectReason(v: { status: DecisionStatus; note?: string }, ctx: z.RefinementCtx): void {
  if (v.status === 'rejected' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: DECISION_MSG.rejectReason });
}

export const decisionSchema = z.object(decisionFields).superRefine(requireRejectReason);
export type DecisionInput = z.output<typeof decisionSchema>;
