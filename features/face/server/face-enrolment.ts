// Face enrolment: three live captures become the employee's reference (FaceProfile), checked twice:
// the browser's descriptors must agree with each other, and the server's own engine must find
// exactly one face in each photo, matching the descriptor sent with it. Admins reset; HR and admins read.
import { db, lockEmployee } from '@/lib/server/db';
import { AppError, conflict, notFound, unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { getSettingsRow } from '@/features/settings/server/settings';
import { decodeFaceImage } from '@/features/attendance/server/attendance-photo';
import { findFaces } from '@/features/face/server/engine/engine';
import { checkEnrolmentConsistency } from '@/features/face/lib/enrolment';
import { euclideanDistance, isMatch } from '@/features/face/lib/descriptor';
import { ENROL_ALREADY, ENROL_DISAGREE, enrolManyFaces, enrolNoFace, enrolPhotoMismatch } from '@/features/face/lib/messages';
import type { EnrolInput } from '@/features/face/validation/face';
import { takeRateLimit, type RateLimit } from '@/lib/server/rate-limit';
import type { FaceEnrolmentDto } from '@/features/face/types/face';
import { assertAdmin, assertSelfOrStaff, assertStaff } from '@/lib/server/auth/policy';
import { recordAudit } from '@/lib/server/audit';

export type { FaceEnrolmentDto } from '@/features/face/types/face';

const TX_OPTIONS = { maxWait: 15_000, timeout: 20_000 };
/** Enrolment attempts that reach the face engine, per person: a few retries of a bad capture, no more. */
export const ENROL_RATE_LIMIT: RateLimit = {
  bucket: 'face.enrol',
  limit: 10,
  windowMs: 60 * 60_000,
  message: 'Terlalu banyak percobaan pendaftaran wajah. Silakan coba lagi dalam 1 jam.',
};

async function enrolmentDto(userId: string): Promise<FaceEnrolmentDto> {
  const p = await db.faceProfile.findUnique({
    where: { userId },
    select: {
      status: true,
      enrolledAt: true,
      resetAt: true,
      enrolledBy: { select: { id: true, name: true } },
      resetBy: { select: { id: true, name: true } },
      photos: { select: { position: true }, orderBy: { position: 'asc' } },
    },
  });
  if (!p) return { userId, status: 'none', enrolled: false, enrolledAt: null, enrolledBy: null, resetAt: null, resetBy: null, photos: [] };
  return {
    userId,
    status: p.status,
    enrolled: p.status === 'active',
    enrolledAt: p.status === 'active' ? p.enrolledAt.toISOString() : null,
    enrolledBy: p.status === 'active' ? p.enrolledBy : null,
    resetAt: p.resetAt?.toISOString() ?? null,
    resetBy: p.resetBy,
    photos: p.photos.map((x) => x.position),
  };
}

async function assertUserExists(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
}

export async function getEnrolment(actor: SessionUser, userId: string): Promise<FaceEnrolmentDto> {
  assertSelfOrStaff(actor, userId);
  await assertUserExists(userId);
  return enrolmentDto(userId);
}

export function myEnrolment(actor: SessionUser): Promise<FaceEnrolmentDto> {
  return enrolmentDto(actor.id);
}

/** The signed-in person's own status for a page's first render (what GET /face/me answers them). */
export function ownEnrolment(userId: string): Promise<FaceEnrolmentDto> {
  return enrolmentDto(userId);
}

export async function enrolmentPhoto(actor: SessionUser, input: { userId: string; position: number }) {
  assertSelfOrStaff(actor, input.userId);
  const photo = await db.faceEnrolmentPhoto.findUnique({
    where: { userId_position: { userId: input.userId, position: input.position } },
    select: { mime: true, data: true },
  });
  if (!photo) throw notFound('Foto tidak ditemukan');
  return photo;
}

/** The server engine's view of each capture: one face, matching the descriptor the browser sent. */
async function serverDescriptors(images: Buffer[], submitted: number[][], threshold: number): Promise<number[][]> {
  const result: number[][] = [];
  for (const [i, image] of images.entries()) {
    const faces = await findFaces(image);
    if (faces.length === 0) throw unprocessable(enrolNoFace(i + 1), 'FACE_ENROL_NO_FACE');
    if (faces.length > 1) throw unprocessable(enrolManyFaces(i + 1), 'FACE_ENROL_MANY_FACES');
    const own = faces[0]!.descriptor;
    if (!isMatch(euclideanDistance(own, submitted[i]!), threshold))
      throw unprocessable(enrolPhotoMismatch(i + 1), 'FACE_ENROL_PHOTO_MISMATCH');
    result.push(own);
  }
  return result;
}

export async function enrol(actor: SessionUser, input: EnrolInput): Promise<FaceEnrolmentDto> {
  return enrolSubject(actor, actor.id, input);
}

/**
 * POST /api/face/enrolment/{userId} (admin, HR): HR-assisted enrolment on an office device (docs/face.md).
 * The same three captures and checks as the employee's own; recorded as enrolled by the HR account
 * (enrolledById, audited `face.enrol` with HR as actor and `assisted: true`). An active enrolment is not
 * replaced (409): an admin resets it first, as for the employee.
 */
export async function enrolForEmployee(actor: SessionUser, userId: string, input: EnrolInput): Promise<FaceEnrolmentDto> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat mendaftarkan wajah karyawan.');
  const user = await db.user.findUnique({ where: { id: userId }, select: { role: true, deactivatedAt: true, pendingApproval: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  if (userId === actor.id) throw conflict('Daftarkan wajah Anda sendiri dari Akun Saya.', 'CONFLICT');
  if (user.role !== 'employee' || user.deactivatedAt || user.pendingApproval)
    throw conflict('Pendaftaran wajah oleh HR hanya untuk karyawan yang aktif.', 'CONFLICT');
  return enrolSubject(actor, userId, input);
}

async function enrolSubject(actor: SessionUser, subjectId: string, input: EnrolInput): Promise<FaceEnrolmentDto> {
  const assisted = subjectId !== actor.id;
  const current = await db.faceProfile.findUnique({ where: { userId: subjectId }, select: { status: true } });
  if (current?.status === 'active') throw conflict(ENROL_ALREADY, 'FACE_ALREADY_ENROLLED');
  const images = input.captures.map((c) => decodeFaceImage(c.image));
  const submitted = input.captures.map((c) => c.descriptor);
  const { faceMatchThreshold } = await getSettingsRow();
  const consistency = checkEnrolmentConsistency(submitted, faceMatchThreshold);
  if (!consistency.ok) throw unprocessable(ENROL_DISAGREE, 'FACE_ENROL_INCONSISTENT');
  // Each attempt that reaches the face engine costs seconds of its time: counted per person.
  await takeRateLimit(ENROL_RATE_LIMIT, subjectId);
  const own = await serverDescriptors(images, submitted, faceMatchThreshold);

  await db.$transaction(async (tx) => {
    // Serialises concurrent enrolments of one person; the second sees the first's profile.
    await lockEmployee(tx, subjectId);
    const again = await tx.faceProfile.findUnique({ where: { userId: subjectId }, select: { status: true, resetAt: true } });
    if (again?.status === 'active') throw conflict(ENROL_ALREADY, 'FACE_ALREADY_ENROLLED');
    const now = new Date();
    await tx.faceProfile.upsert({
      where: { userId: subjectId },
      create: { userId: subjectId, descriptor: consistency.reference, status: 'active', enrolledAt: now, enrolledById: actor.id },
      update: { descriptor: consistency.reference, status: 'active', enrolledAt: now, enrolledById: actor.id },
    });
    await tx.faceEnrolmentPhoto.deleteMany({ where: { userId: subjectId } });
    await tx.faceEnrolmentPhoto.createMany({
      data: images.map((image, i) => ({
        userId: subjectId,
        position: i + 1,
        mime: 'image/jpeg',
        size: image.length,
        data: new Uint8Array(image),
        descriptor: own[i]!,
      })),
    });
    // The face that checks in for this account from now on: on the trail, like a device registration.
    await recordAudit(tx, {
      actor,
      kind: 'face.enrol',
      entity: 'FaceProfile',
      entityId: subjectId,
      targetUserId: subjectId,
      before: { status: again?.status ?? 'none', resetAt: again?.resetAt ?? null },
      after: { status: 'active', photos: images.length, ...(assisted ? { assisted: true } : {}) },
    });
  }, TX_OPTIONS);
  return enrolmentDto(subjectId);
}

/**
 * Admin only: the employee must enrol again. The photos and reference are deleted (no longer needed);
 * who reset and when stay on the profile.
 */
export async function resetEnrolment(actor: SessionUser, userId: string): Promise<FaceEnrolmentDto> {
  assertAdmin(actor, 'Hanya administrator yang dapat mereset pendaftaran wajah.');
  await assertUserExists(userId);
  const done = await db.$transaction(async (tx) => {
    const before = await tx.faceProfile.findUnique({ where: { userId }, select: { enrolledAt: true, enrolledById: true } });
    const { count } = await tx.faceProfile.updateMany({
      where: { userId, status: 'active' },
      data: { status: 'reset', descriptor: [], resetAt: new Date(), resetById: actor.id },
    });
    if (!count) return 0;
    const photos = await tx.faceEnrolmentPhoto.deleteMany({ where: { userId } });
    // The step that lets another face be enrolled for this account: audited (docs/audit.md).
    await recordAudit(tx, {
      actor,
      kind: 'face.reset',
      entity: 'FaceProfile',
      entityId: userId,
      targetUserId: userId,
      before: { status: 'active', enrolledAt: before?.enrolledAt, enrolledById: before?.enrolledById, photos: photos.count },
      after: { status: 'reset', photos: 0 },
    });
    return count;
  }, TX_OPTIONS);
  if (!done) throw new AppError(409, 'FACE_NOTHING_TO_RESET', 'Karyawan ini belum mendaftarkan wajah.');
  return enrolmentDto(userId);
}
