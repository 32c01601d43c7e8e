// One-time challenges of check-in/out (docs/anti-fraud.md). The browser asks for one before it opens
// the camera; the check-in/out statement consumes it in the same statement that writes the record
// (challengeSql below), so a replayed or late request writes nothing. Rows live in PostgreSQL, so any
// instance may issue and any may consume.
import { randomInt } from 'node:crypto';
import { db, sql, type Statement } from '@/lib/server/db';
import { AppError, conflict, unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { CHALLENGE_TTL_MS, pickSteps, type LivenessStep } from '@/features/attendance/lib/anti-fraud';
import type { ChallengeAction, ChallengeDto } from '@/features/attendance/types/attendance';

export type { ChallengeAction, ChallengeDto } from '@/features/attendance/types/attendance';

/** Open (unused, unexpired) challenges one employee may hold at once: enough for a few tabs and retries. */
export const MAX_OPEN_CHALLENGES = 10;

export const CHALLENGE_MESSAGES = {
  required: 'Verifikasi tidak lengkap. Tutup dialog lalu ulangi check-in/check-out.',
  invalid: 'Kode verifikasi tidak valid untuk akun atau tindakan ini. Tutup dialog lalu ulangi.',
  expired: 'Waktu verifikasi habis (lebih dari 60 detik). Silakan ulangi verifikasi wajah.',
  used: 'Permintaan ini sudah pernah dikirim dan tidak dapat diulang. Silakan ulangi verifikasi wajah.',
  tooMany: 'Terlalu banyak permintaan verifikasi. Tunggu satu menit lalu coba lagi.',
} as const;

/**
 * Issues a challenge, deleting the employee's own challenges that expired more than a day ago (the
 * table stays a day deep). Refused past MAX_OPEN_CHALLENGES open ones (about: two simultaneous
 * requests may both see room for one).
 */
const ISSUE: Statement = {
  name: 'attendance_challenge_issue_v2',
  text: `WITH old AS (
       DELETE FROM "AttendanceChallenge" WHERE "userId" = $1::uuid AND "expiresAt" < $4::timestamptz - interval '1 day'
     )
     INSERT INTO "AttendanceChallenge" (id, "userId", action, steps, "expiresAt", "createdAt")
     SELECT gen_random_uuid(), $1::uuid, $2,
            -- Liveness off (Settings.livenessPolicy, docs/face.md): no movement asked.
            CASE WHEN coalesce((SELECT s."livenessPolicy"::text FROM "Settings" s WHERE s.id = 1), 'flag') = 'off' THEN '{}'::text[] ELSE $3::text[] END,
            $4::timestamptz, $5::timestamptz
      WHERE (SELECT count(*) FROM "AttendanceChallenge" c
              WHERE c."userId" = $1::uuid AND c."usedAt" IS NULL AND c."expiresAt" > $5::timestamptz) < ${MAX_OPEN_CHALLENGES}
     RETURNING id, steps`,
};

export async function issueChallenge(actor: SessionUser, action: ChallengeAction, now = new Date()): Promise<ChallengeDto> {
  const steps = pickSteps((max) => randomInt(max));
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
  const [row] = await sql<{ id: string; steps: LivenessStep[] }>(ISSUE, [actor.id, action, `{${steps.join(',')}}`, expiresAt, now]);
  if (!row) throw new AppError(429, 'RATE_LIMITED', CHALLENGE_MESSAGES.tooMany);
  return { id: row.id, action, expiresAt: expiresAt.toISOString(), steps: row.steps };
}

/**
 * The CTE `ch` of a check-in/out statement: marks the challenge used if it is this user's, for this
 * action, unused and unexpired at the request's time; returns its id. Of two requests with the same
 * challenge exactly one finds usedAt still null (the row lock decides). Parameters: `id` the
 * challenge id, `user`, `now` the statement's numbers for the user and the request's time.
 */
export function challengeSql(action: ChallengeAction, param: { id: number; user: number; now: number }): string {
  return `ch AS (
    UPDATE "AttendanceChallenge" SET "usedAt" = $${param.now}::timestamptz
     WHERE id = $${param.id}::uuid AND "userId" = $${param.user}::uuid AND action = '${action}'
       AND "usedAt" IS NULL AND "expiresAt" > $${param.now}::timestamptz
    RETURNING id
  )`;
}

/**
 * Why a challenge was not accepted (it was not consumed): another user's, another action's or an
 * unknown id is invalid (422, one message: nothing is told about other accounts), used is 409, late 422.
 */
export async function challengeRefusal(actor: SessionUser, action: ChallengeAction, id: string, now: Date): Promise<AppError> {
  const row = await db.attendanceChallenge.findUnique({
    where: { id },
    select: { userId: true, action: true, usedAt: true, expiresAt: true },
  });
  if (!row || row.userId !== actor.id || row.action !== action) return unprocessable(CHALLENGE_MESSAGES.invalid, 'CHALLENGE_INVALID');
  if (row.usedAt) return conflict(CHALLENGE_MESSAGES.used, 'CHALLENGE_USED');
  if (row.expiresAt.getTime() <= now.getTime()) return unprocessable(CHALLENGE_MESSAGES.expired, 'CHALLENGE_EXPIRED');
  // Valid now but not then: it expired between the statement and this read, or was used meanwhile.
  return unprocessable(CHALLENGE_MESSAGES.expired, 'CHALLENGE_EXPIRED');
}

/** A missing challenge id: the request did not come from the current browser flow. */
export const challengeRequired = () => unprocessable(CHALLENGE_MESSAGES.required, 'CHALLENGE_REQUIRED');
