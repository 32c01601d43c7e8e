// 1:N identification among a gallery of enrolled descriptors (docs/kiosk.md, "Identification"). Pure
// arithmetic shared by the server (the office's enrolled employees) and the kiosk page (the people it
// identified online, for its offline queue): one rule, so the kiosk never accepts offline what the
// server would refuse online.
import { euclideanDistance } from '@/features/face/lib/descriptor';

/**
 * How much farther the second-best person must be than the best: a smaller gap is "not clearly one
 * person" and refused. Different people in the face fixtures are 0.52 or more apart, the same person
 * 0.13 or less (docs/face.md, "Identification at a kiosk").
 */
export const AMBIGUITY_MARGIN = 0.1;

export type GalleryEntry = { userId: string; descriptor: readonly number[] };

export type Identification =
  | { kind: 'match'; userId: string; distance: number; secondDistance: number | null }
  | { kind: 'unknown'; distance: number | null }
  | { kind: 'ambiguous'; distance: number; secondDistance: number };

/**
 * The best and second-best *person* (several entries of one user count as one person: their best).
 * A match needs the best distance at most `threshold` and the second person at least AMBIGUITY_MARGIN
 * farther; otherwise 'unknown' (nobody close enough) or 'ambiguous' (two people too close to tell).
 */
export function identifyAmong(probe: readonly number[], gallery: readonly GalleryEntry[], threshold: number): Identification {
  const perUser = new Map<string, number>();
  for (const entry of gallery) {
    const d = euclideanDistance(probe, entry.descriptor);
    const had = perUser.get(entry.userId);
    if (had === undefined || d < had) perUser.set(entry.userId, d);
  }
  let best: { userId: string; distance: number } | null = null;
  let second: number | null = null;
  for (const [userId, d] of perUser) {
    if (!best || d < best.distance) {
      if (best) second = best.distance;
      best = { userId, distance: d };
    } else if (second === null || d < second) second = d;
  }
  return judgeNearest(best, second, threshold);
}

/**
 * The rule on the two nearest people (the server finds them in SQL, the kiosk page in its own list):
 * `best` the nearest person and their distance, `second` the next person's distance.
 */
export function judgeNearest(best: { userId: string; distance: number } | null, second: number | null, threshold: number): Identification {
  if (!best || best.distance > threshold) return { kind: 'unknown', distance: best ? round(best.distance) : null };
  if (second !== null && second - best.distance < AMBIGUITY_MARGIN)
    return { kind: 'ambiguous', distance: round(best.distance), secondDistance: round(second) };
  return { kind: 'match', userId: best.userId, distance: round(best.distance), secondDistance: second === null ? null : round(second) };
}

const round = (d: number) => Math.round(d * 10_000) / 10_000;

/** The kiosk's refusals, in the words the person at the door reads. */
export const KIOSK_MESSAGES = {
  unknown: 'Wajah tidak dikenali di kantor ini. Pastikan wajah Anda sudah terdaftar, lalu coba lagi menghadap kamera.',
  ambiguous: 'Wajah tidak dapat dipastikan milik satu orang. Silakan coba lagi, menghadap kamera dengan cahaya yang cukup.',
  /** NIK or PIN first: nobody of this office carries it, or the face is not theirs (not told apart on purpose). */
  keyMismatch: 'NIK/PIN dan wajah tidak cocok dengan karyawan kantor ini. Periksa NIK/PIN Anda, lalu coba lagi menghadap kamera.',
  keyRequired: 'Masukkan NIK atau PIN Anda terlebih dahulu.',
} as const;
