// Punches a kiosk kept while offline (docs/kiosk.md, "Offline"). Each is signed with the kiosk's key
// (HMAC-SHA256, features/kiosk/lib/credential.ts) and carries the kiosk's clock and its offset from the
// server measured at the last contact; its time is the kiosk's clock corrected by that offset. It goes
// through the phone's punch rules at that time, flagged 'offline' so it waits in the review queue.
// Idempotent: each punch is remembered by the id the kiosk gave it (KioskOfflinePunch), taken with one
// INSERT … ON CONFLICT DO NOTHING before anything else, so a batch sent twice (or by two requests at
// once) is written once and answered the same.
import { timingSafeEqual } from 'node:crypto';
import { db } from '@/lib/server/db';
import { conflict, toAppError, unprocessable } from '@/lib/server/errors';
import { checkIn, checkOut } from '@/features/attendance/server/attendance-punch';
import { checkOutTarget } from '@/features/attendance/lib/shift';
import { CHALLENGE_TTL_MS } from '@/features/attendance/lib/anti-fraud';
import { hmacHex, offlineMessage } from '@/features/kiosk/lib/credential';
import { employeeAtKiosk, kioskPayload } from '@/features/kiosk/server/kiosk-punch';
import type { KioskCaller } from '@/features/kiosk/server/kiosk-auth';
import { OFFLINE_MAX_AGE_MS, type OfflinePunchInput } from '@/features/kiosk/validation/kiosk';
import type { OfflineResultDto } from '@/features/kiosk/types/kiosk';

export const OFFLINE_MESSAGES = {
  signature: 'Tanda tangan absen offline tidak valid.',
  future: 'Waktu absen offline berada di masa depan. Periksa jam kiosk.',
  tooOld: 'Absen offline lebih dari 24 jam yang lalu tidak dapat diterima. Ajukan koreksi absensi.',
  otherKiosk: 'ID antrean ini sudah dipakai kiosk lain.',
} as const;

async function validSignature(kiosk: KioskCaller, p: OfflinePunchInput): Promise<boolean> {
  const expected = Buffer.from(await hmacHex(kiosk.credentialHash, await offlineMessage(p)), 'hex');
  const given = Buffer.from(p.signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const resultOf = (r: { id: string; status: string; message: string | null; attendanceId: string | null }): OfflineResultDto => ({
  id: r.id,
  status: r.status === 'accepted' ? 'accepted' : 'refused',
  message: r.message,
  attendanceId: r.attendanceId,
});

/** One queued punch, at its corrected time, through the phone's rules. Throws the refusal. */
async function punchOffline(kiosk: KioskCaller, p: OfflinePunchInput, at: Date, receivedAt: Date) {
  const { context, user } = await employeeAtKiosk(p.userId);
  const target = checkOutTarget(at, kiosk.office.timezone, context.recent);
  if (target.kind === 'done') throw conflict('Anda sudah melakukan check-out hari ini', 'ALREADY_CHECKED_OUT');
  const action = target.kind === 'open' ? 'check-out' : 'check-in';
  // The liveness was answered on the kiosk while it could not reach the server: the challenge asks for no
  // movement, and the 'offline' flag sends the punch to review instead.
  const challenge = await db.attendanceChallenge.create({
    data: { userId: user.id, action, steps: [], expiresAt: new Date(receivedAt.getTime() + CHALLENGE_TTL_MS) },
    select: { id: true },
  });
  const payload = kioskPayload(kiosk, {
    faceImage: p.faceImage,
    faceDescriptor: p.faceDescriptor,
    challengeId: challenge.id,
    timestamp: p.clientTime,
  });
  const origin = {
    kioskId: kiosk.id,
    officeId: kiosk.office.id,
    now: at,
    flags: [
      {
        reason: 'offline' as const,
        detail: { kiosk: kiosk.name, clientTime: p.clientTime, offsetMs: p.offsetMs, receivedAt: receivedAt.toISOString() },
      },
    ],
  };
  return action === 'check-in' ? checkIn(user, payload, context, undefined, origin) : checkOut(user, payload, context, undefined, origin);
}

export async function syncOffline(
  kiosk: KioskCaller,
  punches: OfflinePunchInput[],
  now = new Date(),
): Promise<{ results: OfflineResultDto[] }> {
  const results: OfflineResultDto[] = [];
  const ordered = [...punches].sort((a, b) => Date.parse(a.clientTime) + a.offsetMs - (Date.parse(b.clientTime) + b.offsetMs));
  for (const p of ordered) {
    if (!(await validSignature(kiosk, p))) {
      results.push({ id: p.id, status: 'refused', message: OFFLINE_MESSAGES.signature, attendanceId: null });
      continue;
    }
    const at = new Date(Date.parse(p.clientTime) + p.offsetMs);
    const taken = await db.kioskOfflinePunch.createMany({
      data: [{ id: p.id, kioskId: kiosk.id, userId: p.userId, action: 'auto', at, status: 'processing' }],
      skipDuplicates: true,
    });
    if (taken.count === 0) {
      const seen = await db.kioskOfflinePunch.findUnique({ where: { id: p.id } });
      results.push(
        seen?.kioskId === kiosk.id
          ? resultOf(seen)
          : { id: p.id, status: 'refused', message: OFFLINE_MESSAGES.otherKiosk, attendanceId: null },
      );
      continue;
    }
    let outcome: { status: 'accepted' | 'refused'; message: string | null; attendanceId: string | null };
    try {
      if (at.getTime() > now.getTime() + 2 * 60_000) throw unprocessable(OFFLINE_MESSAGES.future);
      if (at.getTime() < now.getTime() - OFFLINE_MAX_AGE_MS) throw unprocessable(OFFLINE_MESSAGES.tooOld);
      const written = await punchOffline(kiosk, p, at, now);
      outcome = { status: 'accepted', message: written.message, attendanceId: written.attendance.id };
    } catch (err) {
      const appErr = toAppError(err);
      if (appErr.status >= 500) {
        // Not a refusal: forget the id so the kiosk's next attempt runs it again.
        await db.kioskOfflinePunch.delete({ where: { id: p.id } });
        throw err;
      }
      outcome = { status: 'refused', message: appErr.message, attendanceId: null };
    }
    const row = await db.kioskOfflinePunch.update({ where: { id: p.id }, data: outcome });
    results.push(resultOf(row));
  }
  return { results };
}
