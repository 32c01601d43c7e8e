// One re-check: the server computes the descriptors from the stored JPEG itself and records the verdict.
import { performance } from 'node:perf_hooks';
import { db } from '@/lib/server/db';
import { meanDescriptor, isValidDescriptor } from '@/features/face/lib/descriptor';
import { FLAG_REASONS } from '@/features/face/lib/messages';
import { findFaces } from '@/features/face/server/engine/engine';
import { judgePhoto, type Verdict } from '@/features/face/server/engine/verdict';
import { claimJobs, failJob, type ClaimedJob } from '@/features/face/server/engine/queue';
import { getSettingsRow } from '@/features/settings/server/settings';
import { addAttendanceFlags } from '@/features/attendance/server/attendance-flags';
import { DUPLICATE_BITS, hashDistance, photoHash } from '@/features/face/server/engine/phash';
import type { FlagPhase } from '@/features/attendance/server/attendance-flags';
import type { PendingFlag } from '@/features/attendance/lib/anti-fraud';

const KIND_LABEL = {
  check_in: 'Check-in',
  check_out: 'Check-out',
  break_start: 'Mulai Istirahat',
  break_end: 'Selesai Istirahat',
} as const;

/**
 * The server-side reference: the mean of the descriptors the server engine computed from the
 * enrolment photos (same engine as the re-check), else the enrolled descriptor.
 */
async function serverReference(userId: string): Promise<number[] | null> {
  const profile = await db.faceProfile.findUnique({
    where: { userId },
    select: { status: true, descriptor: true, photos: { select: { descriptor: true } } },
  });
  if (profile?.status !== 'active') return null;
  const fromPhotos = profile.photos.map((p) => p.descriptor).filter(isValidDescriptor);
  if (fromPhotos.length) return meanDescriptor(fromPhotos);
  return isValidDescriptor(profile.descriptor) ? profile.descriptor : null;
}

/**
 * The photo compared with the employee's enrolment photos and earlier captures (docs/anti-fraud.md):
 * a picture within DUPLICATE_BITS of one of them is duplicate_photo (a photo of a photo, or the same
 * file sent again); a descriptor equal to one sent before (a browser never computes the same 128
 * numbers from two camera frames) is replay. Enrolment hashes are computed once and kept.
 */
async function duplicateChecks(photo: {
  id: string;
  data: Uint8Array;
  descriptor: number[];
  userId: string;
  attendanceId: string;
}): Promise<{ hash: string; flags: PendingFlag[] }> {
  const hash = photoHash(photo.data);
  const flags: PendingFlag[] = [];
  const enrolment = await db.faceEnrolmentPhoto.findMany({
    where: { userId: photo.userId },
    select: { id: true, position: true, phash: true, data: true },
  });
  for (const e of enrolment) {
    const eh = e.phash ?? photoHash(e.data);
    if (!e.phash) await db.faceEnrolmentPhoto.updateMany({ where: { id: e.id }, data: { phash: eh } });
    const bits = hashDistance(hash, eh);
    if (bits <= DUPLICATE_BITS) {
      flags.push({ reason: 'duplicate_photo', detail: { of: 'enrolment', position: e.position, bits } });
      break;
    }
  }
  const earlier = await db.attendancePhoto.findMany({
    where: { id: { not: photo.id }, attendance: { userId: photo.userId } },
    select: { phash: true, descriptor: true, kind: true, attendance: { select: { workDate: true } } },
    orderBy: { createdAt: 'desc' },
    take: 400,
  });
  const day = (d: Date) => d.toISOString().slice(0, 10);
  if (!flags.length) {
    const same = earlier.find((p) => p.phash && hashDistance(hash, p.phash) <= DUPLICATE_BITS);
    if (same)
      flags.push({
        reason: 'duplicate_photo',
        detail: { of: 'capture', date: day(same.attendance.workDate), kind: same.kind, bits: hashDistance(hash, same.phash!) },
      });
  }
  if (isValidDescriptor(photo.descriptor)) {
    const again = earlier.find(
      (p) => p.descriptor.length === photo.descriptor.length && p.descriptor.every((v, i) => v === photo.descriptor[i]),
    );
    if (again) flags.push({ reason: 'replay', detail: { sameDescriptorAs: day(again.attendance.workDate), kind: again.kind } });
  }
  return { hash, flags };
}

async function record(
  job: ClaimedJob,
  attendanceId: string,
  kind: FlagPhase,
  verdict: Verdict,
  dup?: { photoId: string; hash: string; flags: PendingFlag[] },
): Promise<void> {
  await db.$transaction(async (tx) => {
    if (dup) {
      await tx.attendancePhoto.updateMany({ where: { id: dup.photoId }, data: { phash: dup.hash } });
      await addAttendanceFlags(tx, attendanceId, kind, dup.flags);
    }
    // One verdict at a time per record: the check-in and check-out jobs may finish together.
    const [row] = await tx.$queryRaw<{ faceCheckStatus: string; faceCheckReason: string | null }[]>`
      SELECT "faceCheckStatus", "faceCheckReason" FROM "Attendance" WHERE id = ${attendanceId}::uuid FOR UPDATE`;
    await tx.faceCheckJob.update({ where: { id: job.id }, data: { status: 'done', lockedAt: null, lastError: null } });
    if (!row) return;
    if (verdict.status === 'flagged') {
      const line = `${KIND_LABEL[kind]}: ${FLAG_REASONS[verdict.reason]}`;
      const previous = row.faceCheckStatus === 'flagged' && row.faceCheckReason ? row.faceCheckReason : null;
      await tx.attendance.update({
        where: { id: attendanceId },
        // A new flag re-opens the record for review.
        data: {
          faceCheckStatus: 'flagged',
          faceCheckReason: previous ? `${previous}; ${line}` : line,
          reviewDecision: null,
          reviewedById: null,
          reviewedAt: null,
          reviewNote: null,
        },
      });
      // The one review queue's reason (Perlu Tinjauan).
      await addAttendanceFlags(tx, attendanceId, kind, [
        { reason: 'face', detail: { check: verdict.reason, text: FLAG_REASONS[verdict.reason], distance: verdict.distance } },
      ]);
      return;
    }
    const unfinished = await tx.faceCheckJob.count({
      where: { id: { not: job.id }, status: { in: ['queued', 'running'] }, photo: { attendanceId } },
    });
    if (unfinished === 0 && row.faceCheckStatus === 'pending') {
      await tx.attendance.update({ where: { id: attendanceId }, data: { faceCheckStatus: 'verified', faceCheckReason: null } });
    }
  });
}

/** Re-checks the photo of one claimed job. Returns the verdict (null when the photo is gone). */
export async function processJob(job: ClaimedJob): Promise<Verdict | null> {
  const photo = await db.attendancePhoto.findUnique({
    where: { id: job.photoId },
    select: { id: true, data: true, descriptor: true, kind: true, attendanceId: true, attendance: { select: { userId: true } } },
  });
  if (!photo) {
    await db.faceCheckJob.deleteMany({ where: { id: job.id } });
    return null;
  }
  const [faces, reference, settings] = await Promise.all([
    findFaces(Buffer.from(photo.data)),
    serverReference(photo.attendance.userId),
    getSettingsRow(),
  ]);
  const verdict = judgePhoto({
    faces: faces.map((f) => f.descriptor),
    reference,
    submitted: isValidDescriptor(photo.descriptor) ? photo.descriptor : null,
    threshold: settings.faceMatchThreshold,
  });
  // A photo the engine cannot decode has no hash: the face verdict (no face) already flags it.
  const dup = await duplicateChecks({ ...photo, userId: photo.attendance.userId }).catch(() => null);
  await record(job, photo.attendanceId, photo.kind, verdict, dup ? { photoId: photo.id, ...dup } : undefined);
  return verdict;
}

/**
 * Processes one claimed job; an error puts it back in the queue with backoff. Logs one line per job
 * (`[face-worker] job <id> <verdict> <ms> ms pid <pid>`): which process ran which job, and how fast.
 */
export async function runClaimedJob(job: ClaimedJob): Promise<void> {
  const started = performance.now();
  try {
    const verdict = await processJob(job);
    console.log(
      `[face-worker] job ${job.id} ${verdict?.status ?? 'photo-gone'} ${Math.round(performance.now() - started)} ms pid ${process.pid}`,
    );
  } catch (err) {
    console.error('[face-worker] job', String(job.id), 'failed', err);
    await failJob(job, err);
  }
}

/** Claims and processes jobs one by one until none is due. Returns how many were processed. */
export async function drainFaceJobs(max = Number.POSITIVE_INFINITY): Promise<number> {
  let done = 0;
  while (done < max) {
    const [job] = await claimJobs(1);
    if (!job) break;
    await runClaimedJob(job);
    done++;
  }
  return done;
}
