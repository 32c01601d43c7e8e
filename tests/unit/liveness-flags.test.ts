// The liveness judgement of a punch (features/attendance/server/liveness.ts) picks the challenge the request
// names out of the employee's open challenges, which the session statement read: no round trip of its own.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { livenessFlags, LIVENESS_FAILED } from '@/features/attendance/server/liveness';
import { genuineFrames, stillFrames } from '@/tests/liveness-frames';

const fixtures = JSON.parse(readFileSync('tests/fixtures/faces/descriptors.json', 'utf8')) as Record<string, number[]>;
const A1 = fixtures['person-a-1.jpg']!;
const A2 = fixtures['person-a-2.jpg']!;
const ID = '0b6f1e4e-3c2a-4d7b-9a51-6f0e2d8c4b17';
const issued = new Date('2026-11-25T01:00:00Z');
const now = new Date(issued.getTime() + 30_000);
const open = [
  { id: ID, action: 'check-in', steps: ['toleh_kiri', 'kedip'], createdAt: issued.toISOString() },
  { id: '7d2c9e11-5a4b-4f3e-8c6d-2b1a0f9e8d7c', action: 'check-out', steps: ['kedip', 'toleh_kanan'], createdAt: issued.toISOString() },
];
const base = {
  policy: 'flag' as const,
  action: 'check-in' as const,
  challengeId: ID,
  challenges: open,
  now,
  reference: A1,
  photoDescriptor: A2,
  threshold: 0.5,
};

describe('livenessFlags', () => {
  it('judges the named open challenge: a genuine answer passes, a still face is flagged with what failed', () => {
    expect(livenessFlags({ ...base, frames: genuineFrames(['toleh_kiri', 'kedip'], A2) })).toEqual([]);
    const [flag, ...more] = livenessFlags({ ...base, frames: stillFrames(18, A2) });
    expect(more).toEqual([]);
    expect(flag).toMatchObject({ reason: 'liveness', detail: { check: 'steps', text: 'gerakan yang diminta tidak terlihat' } });
    // No frames at all.
    expect(livenessFlags({ ...base, frames: null })[0]).toMatchObject({ detail: { check: 'frames' } });
  });

  it('finds the challenge whatever the case of its id', () => {
    expect(livenessFlags({ ...base, challengeId: ID.toUpperCase(), frames: null })).toHaveLength(1);
  });

  it('a challenge that is not open for this action is judged as none (the write statement refuses it)', () => {
    // Not among the open ones (used, expired, another user's): no flag, nothing thrown, even under 'required'.
    expect(livenessFlags({ ...base, challengeId: 'a3c1b2d4-0000-4000-8000-000000000000', frames: null })).toEqual([]);
    expect(livenessFlags({ ...base, policy: 'required', challengeId: 'a3c1b2d4-0000-4000-8000-000000000000', frames: null })).toEqual([]);
    // The check-out challenge named at a check-in.
    expect(livenessFlags({ ...base, challengeId: open[1]!.id, frames: null })).toEqual([]);
  });

  it("asks nothing when the policy is off or the challenge asked no movement; refuses under 'required'", () => {
    expect(livenessFlags({ ...base, policy: 'off', frames: null })).toEqual([]);
    expect(livenessFlags({ ...base, challenges: [{ ...open[0]!, steps: [] }], frames: null })).toEqual([]);
    expect(() => livenessFlags({ ...base, policy: 'required', frames: null })).toThrow(LIVENESS_FAILED);
  });
});
