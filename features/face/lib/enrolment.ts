// Enrolment rules shared by the capture dialog (early feedback) and the server (the judge).
import { euclideanDistance, isValidDescriptor, meanDescriptor } from '@/features/face/lib/descriptor';

/** Captures per enrolment (FaceEnrolmentPhoto.position 1..3). */
export const ENROLMENT_CAPTURES = 3;

export type ConsistencyResult =
  | { ok: true; maxDistance: number; reference: number[] }
  | { ok: false; reason: 'count' | 'invalid' | 'disagree'; maxDistance: number | null; pair?: [number, number] };

/**
 * Three captures agree when every pair is within the match threshold: three pictures of one person
 * taken seconds apart lie far closer than that, while a swap of person between captures does not.
 * The reference is the mean of the three descriptors.
 */
export function checkEnrolmentConsistency(descriptors: readonly (readonly number[])[], threshold: number): ConsistencyResult {
  if (descriptors.length !== ENROLMENT_CAPTURES) return { ok: false, reason: 'count', maxDistance: null };
  if (!descriptors.every((d) => isValidDescriptor(d))) return { ok: false, reason: 'invalid', maxDistance: null };
  let maxDistance = 0;
  let worst: [number, number] = [0, 1];
  for (let i = 0; i < descriptors.length; i++) {
    for (let j = i + 1; j < descriptors.length; j++) {
      const d = euclideanDistance(descriptors[i]!, descriptors[j]!);
      if (d > maxDistance) {
        maxDistance = d;
        worst = [i, j];
      }
    }
  }
  if (maxDistance > threshold) return { ok: false, reason: 'disagree', maxDistance, pair: worst };
  return { ok: true, maxDistance, reference: meanDescriptor(descriptors) };
}
