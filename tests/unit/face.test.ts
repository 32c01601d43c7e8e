import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { euclideanDistance, isMatch, isValidDescriptor, meanDescriptor } from '@/features/face/lib/descriptor';
import { checkEnrolmentConsistency } from '@/features/face/lib/enrolment';
import { judgePhoto } from '@/features/face/server/engine/verdict';

const fixtures = JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>;
const A1 = fixtures['person-a-1.jpg']!;
const A2 = fixtures['person-a-2.jpg']!;
const A3 = fixtures['person-a-3.jpg']!;
const B = fixtures['person-b-1.jpg']!;
const C = fixtures['person-c-1.jpg']!;
const DEFAULT_THRESHOLD = 0.5;
const unit = (i: number) => Array.from({ length: 128 }, (_, k) => (k === i ? 1 : 0));

describe('descriptor distance', () => {
  it('is the Euclidean distance', () => {
    expect(euclideanDistance([0, 0], [3, 4])).toBe(5);
    expect(euclideanDistance(unit(0), unit(1))).toBeCloseTo(Math.SQRT2, 12);
    expect(euclideanDistance(A1, A1)).toBe(0);
    expect(euclideanDistance(A1, B)).toBeCloseTo(euclideanDistance(B, A1), 12);
  });

  it('refuses descriptors of different lengths', () => {
    expect(() => euclideanDistance([1, 2], [1, 2, 3])).toThrow();
  });

  it('matches up to and including the threshold, never on NaN', () => {
    expect(isMatch(0.5, 0.5)).toBe(true);
    expect(isMatch(0.5000001, 0.5)).toBe(false);
    expect(isMatch(Number.NaN, 0.5)).toBe(false);
  });

  it('with the default threshold the fixtures of one person match and other people do not', () => {
    for (const [a, b] of [
      [A1, A2],
      [A1, A3],
      [A2, A3],
    ] as const)
      expect(isMatch(euclideanDistance(a, b), DEFAULT_THRESHOLD)).toBe(true);
    for (const other of [B, C]) for (const a of [A1, A2, A3]) expect(isMatch(euclideanDistance(a, other), DEFAULT_THRESHOLD)).toBe(false);
    expect(isMatch(euclideanDistance(B, C), DEFAULT_THRESHOLD)).toBe(false);
  });

  it('mean and validity', () => {
    expect(
      meanDescriptor([
        [1, 2],
        [3, 4],
        [5, 9],
      ]),
    ).toEqual([3, 5]);
    expect(() => meanDescriptor([])).toThrow();
    expect(isValidDescriptor(A1)).toBe(true);
    expect(isValidDescriptor(A1.slice(1))).toBe(false);
    expect(isValidDescriptor([...A1.slice(1), Number.NaN])).toBe(false);
    expect(isValidDescriptor('x')).toBe(false);
  });
});

describe('enrolment consistency', () => {
  it('accepts three captures of one person; the reference is their mean', () => {
    const r = checkEnrolmentConsistency([A1, A2, A3], DEFAULT_THRESHOLD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.maxDistance).toBeLessThan(0.2);
    expect(r.reference[7]).toBeCloseTo((A1[7]! + A2[7]! + A3[7]!) / 3, 12);
  });

  it('refuses a different person in any capture and names the worst pair', () => {
    const r = checkEnrolmentConsistency([A1, B, A3], DEFAULT_THRESHOLD);
    expect(r).toMatchObject({ ok: false, reason: 'disagree' });
    if (!r.ok) expect(r.pair).toContain(1);
  });

  it('refuses the wrong number of captures and invalid descriptors', () => {
    expect(checkEnrolmentConsistency([A1, A2], DEFAULT_THRESHOLD)).toMatchObject({ ok: false, reason: 'count' });
    expect(checkEnrolmentConsistency([A1, A2, A3, A1], DEFAULT_THRESHOLD)).toMatchObject({ ok: false, reason: 'count' });
    expect(checkEnrolmentConsistency([A1, A2, [1, 2]], DEFAULT_THRESHOLD)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('follows the configured threshold', () => {
    expect(checkEnrolmentConsistency([A1, A2, A3], 0.05)).toMatchObject({ ok: false, reason: 'disagree' });
  });
});

describe('re-check verdict', () => {
  const base = { reference: A1, submitted: A2, threshold: DEFAULT_THRESHOLD };
  it('verifies one matching face that also matches what the browser sent', () => {
    expect(judgePhoto({ ...base, faces: [A2] })).toMatchObject({ status: 'verified' });
  });
  it.each([
    ['no face', [], 'no_face'],
    ['several faces', [A2, B], 'multiple_faces'],
    ['another person', [B], 'mismatch_reference'],
  ] as const)('flags %s', (_label, faces, reason) => {
    expect(judgePhoto({ ...base, faces: faces.map((f) => [...f]) })).toMatchObject({ status: 'flagged', reason });
  });
  it('flags a photo whose browser descriptor is someone else, or missing, and a user no longer enrolled', () => {
    expect(judgePhoto({ ...base, faces: [A2], submitted: C })).toMatchObject({ status: 'flagged', reason: 'mismatch_submitted' });
    expect(judgePhoto({ ...base, faces: [A2], submitted: null })).toMatchObject({ status: 'flagged', reason: 'mismatch_submitted' });
    expect(judgePhoto({ ...base, faces: [A2], reference: null })).toMatchObject({ status: 'flagged', reason: 'not_enrolled' });
  });
});
