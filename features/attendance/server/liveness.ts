// Liveness at check-in/out (docs/face.md, "Liveness"): the frames the dialog sent are judged against
// the challenge's steps by the same code the dialog used (features/face/lib/liveness.ts). Only arithmetic on a
// few dozen frames (well under a millisecond): no face engine on the check-in path. The company's policy
// decides what a failed answer gets: nothing (off), the review flag 'liveness' (flag), a 422 before
// anything is written (required).
import { unprocessable } from '@/lib/server/errors';
import type { PendingFlag } from '@/features/attendance/lib/anti-fraud';
import { checkLiveness, LIVENESS_REASONS, type LivenessFailure, type LivenessFrame, type LivenessStep } from '@/features/face/lib/liveness';
import type { LivenessPolicy } from '@/features/settings/validation/settings';
import type { ChallengeAction } from '@/features/attendance/types/attendance';

export const LIVENESS_FAILED =
  'Verifikasi gerakan wajah gagal. Ikuti petunjuk gerakan di layar (berkedip atau menoleh sesuai urutan), lalu coba lagi.';

export type LivenessOutcome = { failure: LivenessFailure | null; reason: string | null };

/**
 * steps and issuedAt: the challenge the capture answers (null when the request named none);
 * frames: the body's liveness frames (null when it sent none); reference: the enrolled descriptor.
 * Returns the failure to flag (null: passed, or the policy is off); throws under 'required'.
 */
export function judgeLiveness(input: {
  policy: LivenessPolicy;
  steps: readonly LivenessStep[] | null;
  issuedAt: Date | null;
  now: Date;
  frames: readonly LivenessFrame[] | null | undefined;
  reference: readonly number[] | null;
  photoDescriptor: readonly number[] | null;
  threshold: number;
}): LivenessOutcome {
  if (input.policy === 'off') return { failure: null, reason: null };
  let failure: LivenessFailure | null;
  if (!input.steps?.length || !input.issuedAt || !input.frames?.length || !input.reference || !input.photoDescriptor) failure = 'frames';
  else {
    const verdict = checkLiveness({
      steps: input.steps,
      frames: input.frames,
      elapsedMs: input.now.getTime() - input.issuedAt.getTime(),
      reference: input.reference,
      photoDescriptor: input.photoDescriptor,
      threshold: input.threshold,
    });
    failure = verdict.ok ? null : verdict.reason;
  }
  if (failure && input.policy === 'required') throw unprocessable(LIVENESS_FAILED, 'LIVENESS_FAILED');
  return { failure, reason: failure ? LIVENESS_REASONS[failure] : null };
}

const isStep = (s: string): s is LivenessStep => s === 'kedip' || s === 'toleh_kiri' || s === 'toleh_kanan';

/**
 * The liveness flag of a check-in/out, or none; throws LIVENESS_FAILED under 'required'. `challenges`:
 * the employee's open challenges, read with the session (attendance-session.ts), so judging costs no
 * round trip. A challenge that is not among them (another user's, another action's, used or expired)
 * reads as none here: the check-in statement refuses it anyway, with the reason.
 */
export function livenessFlags(input: {
  policy: LivenessPolicy;
  action: ChallengeAction;
  challengeId: string | null | undefined;
  challenges: readonly { id: string; action: string; steps: readonly string[]; createdAt: string | Date }[];
  now: Date;
  frames: readonly LivenessFrame[] | null | undefined;
  reference: readonly number[] | null;
  photoDescriptor: readonly number[] | null;
  threshold: number;
}): PendingFlag[] {
  if (input.policy === 'off' || !input.challengeId) return [];
  const id = input.challengeId.toLowerCase();
  const challenge = input.challenges.find((c) => c.id === id && c.action === input.action);
  if (!challenge) return [];
  const steps = challenge.steps.filter(isStep);
  // A challenge issued without steps (liveness was off then) asks for no movement.
  if (!steps.length) return [];
  const { failure, reason } = judgeLiveness({ ...input, steps, issuedAt: new Date(challenge.createdAt) });
  return failure ? [{ reason: 'liveness', detail: { check: failure, text: reason } }] : [];
}
