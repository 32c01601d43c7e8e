// The one review queue's reasons (Perlu Tinjauan, docs/anti-fraud.md). A record waits for review
// while it has at least one flag (or the legacy face status 'flagged') and no decision; adding a flag
// clears the decision so the record comes back, and AttendanceReview keeps every earlier decision.
import type { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/server/db';
import type { PendingFlag } from '@/features/attendance/lib/anti-fraud';

export type FlagPhase = 'check_in' | 'check_out' | 'break_start' | 'break_end';
type Executor = Prisma.TransactionClient | typeof db;

/**
 * Adds flags to a record (for anything that judges a punch after it was written: the face re-check,
 * the liveness check, the duplicate-photo check). A reason already flagged on the same phase is kept
 * as it was. When at least one flag is new, the record's review decision is cleared: it is back in
 * Perlu Tinjauan. Pass the transaction the caller already runs in, else the shared client.
 * Returns how many flags were new.
 */
export async function addAttendanceFlags(
  tx: Executor,
  attendanceId: string,
  phase: FlagPhase,
  flags: readonly PendingFlag[],
): Promise<number> {
  if (flags.length === 0) return 0;
  const { count } = await tx.attendanceFlag.createMany({
    data: flags.map((f) => ({ attendanceId, phase, reason: f.reason, detail: f.detail as Prisma.InputJsonValue })),
    skipDuplicates: true,
  });
  if (count > 0) {
    await tx.attendance.updateMany({
      where: { id: attendanceId, reviewDecision: { not: null } },
      data: { reviewDecision: null, reviewedById: null, reviewedAt: null, reviewNote: null },
    });
  }
  return count;
}

/** Records in Perlu Tinjauan: flagged (any reason, or the face status) and not decided yet. */
export const NEEDS_REVIEW: Prisma.AttendanceWhereInput = {
  reviewDecision: null,
  OR: [{ faceCheckStatus: 'flagged' }, { flags: { some: {} } }],
};

/**
 * How many records are in Perlu Tinjauan (the dashboard's count). Read from the flags' side (and the
 * face status's index), so its cost follows the flagged records, not the whole attendance table.
 */
export async function countNeedsReview(): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n
      FROM (SELECT f."attendanceId" AS id FROM "AttendanceFlag" f
            UNION SELECT a.id FROM "Attendance" a WHERE a."faceCheckStatus" = 'flagged') x
      JOIN "Attendance" a ON a.id = x.id
     WHERE a."reviewDecision" IS NULL`;
  return row?.n ?? 0;
}

/** Records that have been flagged at all (decided or not). */
export const FLAGGED_EVER: Prisma.AttendanceWhereInput = { OR: [{ faceCheckStatus: 'flagged' }, { flags: { some: {} } }] };

/**
 * The tail of a check-in/out statement: given a CTE `a` (the written record), inserts the flags the
 * request's checks raised. `param` is the statement's parameter holding them as JSON
 * ([{reason, detail}]); `device` the parameter of the device id the request named (a device flag
 * also says whether that device belongs to another account).
 */
export function flagsSql(phase: FlagPhase, param: { flags: number; device: number; user: number }): string {
  return `f AS (
    INSERT INTO "AttendanceFlag" (id, "attendanceId", phase, reason, detail)
    SELECT gen_random_uuid(), a.id, '${phase}', x.reason::"FlagReason",
           CASE WHEN x.reason = 'device' AND $${param.device}::uuid IS NOT NULL
                THEN x.detail || jsonb_build_object('otherAccount', EXISTS (SELECT 1 FROM "Device" d WHERE d.id = $${param.device}::uuid AND d."userId" <> $${param.user}::uuid))
                ELSE x.detail END
      FROM a, jsonb_to_recordset($${param.flags}::jsonb) AS x(reason text, detail jsonb)
    ON CONFLICT ("attendanceId", phase, reason) DO NOTHING
  )`;
}
