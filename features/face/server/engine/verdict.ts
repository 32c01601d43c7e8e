// The re-check's judgement of one attendance photo, as a pure function of what the engine found.
import { euclideanDistance, isMatch, isValidDescriptor } from '@/features/face/lib/descriptor';
import type { FlagReason } from '@/features/face/lib/messages';

export type Verdict = { status: 'verified'; distance: number } | { status: 'flagged'; reason: FlagReason; distance: number | null };

/**
 * faces: descriptors of every face the server found in the stored JPEG.
 * reference: the employee's enrolled reference (null when not enrolled any more).
 * submitted: the descriptor the browser sent with the photo (null when it sent none).
 * A photo passes only with exactly one face that matches the reference AND the browser's descriptor,
 * so neither a swapped photo nor a made-up descriptor gets through.
 */
export function judgePhoto(input: {
  faces: number[][];
  reference: number[] | null;
  submitted: number[] | null;
  threshold: number;
}): Verdict {
  const { faces, reference, submitted, threshold } = input;
  if (faces.length === 0) return { status: 'flagged', reason: 'no_face', distance: null };
  if (faces.length > 1) return { status: 'flagged', reason: 'multiple_faces', distance: null };
  const face = faces[0]!;
  if (!reference) return { status: 'flagged', reason: 'not_enrolled', distance: null };
  const distance = euclideanDistance(face, reference);
  if (!isMatch(distance, threshold)) return { status: 'flagged', reason: 'mismatch_reference', distance };
  // Check-in refuses a request without a descriptor, so a photo without one is itself suspicious.
  const sameAsSubmitted = !!submitted && isValidDescriptor(submitted) && isMatch(euclideanDistance(face, submitted), threshold);
  if (!sameAsSubmitted) return { status: 'flagged', reason: 'mismatch_submitted', distance };
  return { status: 'verified', distance };
}
