// 1:N identification at a kiosk (docs/kiosk.md, "Identification"): the face the tablet saw against the
// enrolled descriptors of the employees who may punch at its office, with the same descriptors and
// threshold the phone's 1:1 check uses (features/face/server/face-verification.ts). A face that is not
// clearly one person is refused, never guessed. A match answers the name, the enrolment photo, the
// action that is due and a one-time challenge issued for that person (the punch consumes it).
import { breakOffer } from '@/features/attendance/server/attendance-break';
import { db, floatArrayLiteral, sql, type Statement } from '@/lib/server/db';
import { badRequest, conflict, unprocessable } from '@/lib/server/errors';
import { toSessionUser } from '@/lib/server/auth/session';
import { markSession } from '@/features/attendance/server/attendance-session';
import { issueChallenge } from '@/features/attendance/server/challenge';
import { checkOutTarget } from '@/features/attendance/lib/shift';
import { judgeNearest, KIOSK_MESSAGES, type Identification } from '@/features/kiosk/lib/identify';
import type { KioskCaller } from '@/features/kiosk/server/kiosk-auth';
import type { IdentifiedDto } from '@/features/kiosk/types/kiosk';

/**
 * The two people of the office nearest to the probe: the office's employees (home office, or the main
 * office when none, or an allowed office), active accounts with an active face profile. The distance is
 * computed in the database (one float8[] pair per row), so only two rows travel, not every descriptor:
 * with 2,000 enrolled that is the difference between reading 5 MB of text and reading two rows
 * (bench/kiosk-identify.ts). `person` narrows the gallery to whoever carries the typed NIK or machine PIN
 * (NIK or PIN first: a 1:1 match, under the same rule).
 */
const nearestSql = (person: string) => `SELECT u.id AS "userId",
                sqrt((SELECT sum((t.a - t.b) * (t.a - t.b)) FROM unnest(f.descriptor, $2::float8[]) AS t(a, b))) AS distance,
                coalesce(s."faceMatchThreshold", 0.5) AS threshold
           FROM "User" u
           JOIN "FaceProfile" f ON f."userId" = u.id AND f.status = 'active' AND cardinality(f.descriptor) = 128
           LEFT JOIN "Settings" s ON s.id = 1
          WHERE u.role = 'employee' AND NOT u."pendingApproval" AND u."deactivatedAt" IS NULL
            AND (coalesce(u."homeOfficeId", s."mainOfficeId") = $1::uuid
                 OR EXISTS (SELECT 1 FROM "UserOffice" x WHERE x."userId" = u.id AND x."officeId" = $1::uuid))${person}
          ORDER BY distance
          LIMIT 2`;
const NEAREST: Statement = { name: 'kiosk_nearest_v1', text: nearestSql('') };
/** The NIK is stored in capitals (features/employees/lib/people.ts); a machine PIN as the terminal knows it. */
const NEAREST_OF_KEY: Statement = {
  name: 'kiosk_nearest_key_v1',
  text: nearestSql(`\n            AND (u."employeeNumber" = upper($3::text) OR u."machinePin" = $3::text)`),
};

/**
 * The identification alone (the benchmark calls this): the rule of features/kiosk/lib/identify.ts on the
 * two nearest, among the office's enrolled or, with `personKey`, among those carrying that NIK or PIN.
 */
export async function identifyAtOffice(officeId: string, descriptor: readonly number[], personKey?: string): Promise<Identification> {
  const probe = floatArrayLiteral(descriptor);
  const rows = await sql<{ userId: string; distance: number; threshold: number }>(
    personKey ? NEAREST_OF_KEY : NEAREST,
    personKey ? [officeId, probe, personKey] : [officeId, probe],
  );
  const [best, second] = rows;
  return judgeNearest(best ? { userId: best.userId, distance: best.distance } : null, second?.distance ?? null, best?.threshold ?? 0.5);
}

export function refuseUnclear(result: Identification, byKey = false): asserts result is Extract<Identification, { kind: 'match' }> {
  if (result.kind === 'unknown') throw unprocessable(byKey ? KIOSK_MESSAGES.keyMismatch : KIOSK_MESSAGES.unknown, 'FACE_UNKNOWN');
  if (result.kind === 'ambiguous') throw unprocessable(KIOSK_MESSAGES.ambiguous, 'FACE_AMBIGUOUS');
}

/**
 * POST /api/kiosk/identify. In the company's 'id_first' mode the person types their NIK or machine PIN
 * first and the face is matched against that person only (1:1); without it the kiosk is refused. The
 * refusal does not say whether the NIK/PIN exists or the face differs: the kiosk is no directory.
 */
export async function identify(
  kiosk: KioskCaller,
  input: { faceDescriptor: readonly number[]; personKey?: string },
  now = new Date(),
): Promise<IdentifiedDto> {
  if (kiosk.identifyMode === 'id_first' && !input.personKey) throw badRequest(KIOSK_MESSAGES.keyRequired);
  const result = await identifyAtOffice(kiosk.office.id, input.faceDescriptor, input.personKey);
  refuseUnclear(result, !!input.personKey);
  const context = await markSession(result.userId);
  if (!context) throw unprocessable(KIOSK_MESSAGES.unknown, 'FACE_UNKNOWN');
  const target = checkOutTarget(now, kiosk.office.timezone, context.recent);
  if (target.kind === 'done') throw conflict('Anda sudah melakukan check-out hari ini', 'ALREADY_CHECKED_OUT');
  const action = target.kind === 'open' ? 'check-out' : 'check-in';
  const user = toSessionUser(context);
  const breakAction = await breakOffer(user.id, { ...context, now }, kiosk.office.timezone);
  const [challenge, photo, breakChallenge] = await Promise.all([
    issueChallenge(user, action, now),
    db.faceEnrolmentPhoto.findFirst({ where: { userId: user.id }, orderBy: { position: 'asc' }, select: { data: true, mime: true } }),
    breakAction ? issueChallenge(user, breakAction, now) : null,
  ]);
  return {
    userId: user.id,
    name: user.name,
    position: user.position,
    photo: photo ? `data:${photo.mime};base64,${Buffer.from(photo.data).toString('base64')}` : null,
    action,
    distance: result.distance,
    challenge: { id: challenge.id, steps: challenge.steps, expiresAt: challenge.expiresAt },
    breakOption:
      breakAction && breakChallenge
        ? { action: breakAction, challenge: { id: breakChallenge.id, steps: breakChallenge.steps, expiresAt: breakChallenge.expiresAt } }
        : null,
    serverTime: now.toISOString(),
  };
}

/** "Bukan saya": the person at the door said the answer was someone else; counted on the kiosk. */
export async function notMe(kiosk: KioskCaller): Promise<{ ok: true }> {
  await db.kiosk.update({ where: { id: kiosk.id }, data: { notMeCount: { increment: 1 } } });
  return { ok: true };
}
