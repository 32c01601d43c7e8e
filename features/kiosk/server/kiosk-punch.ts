// A punch at a kiosk (docs/kiosk.md): the person the kiosk identified confirms and answers the liveness
// challenge; the punch is the phone's (features/attendance/server/attendance-punch.ts: once a day, the
// shift, the closed period, the face match against their own enrolment, the liveness policy, the review
// flags), at the kiosk's office and marked with the kiosk's id.
import { markSession } from '@/features/attendance/server/attendance-session';
import { checkIn, checkOut, type PunchOrigin } from '@/features/attendance/server/attendance-punch';
import { takeBreak } from '@/features/attendance/server/attendance-break';
import { forbidden, unprocessable } from '@/lib/server/errors';
import { toSessionUser } from '@/lib/server/auth/session';
import type { AttendancePayload } from '@/features/attendance/validation/attendance';
import type { KioskCaller } from '@/features/kiosk/server/kiosk-auth';
import type { KioskPunchInput } from '@/features/kiosk/validation/kiosk';

/** The employee the kiosk names, with the punch rules' context; refused when they cannot punch here. */
export async function employeeAtKiosk(userId: string) {
  const context = await markSession(userId);
  if (!context) throw unprocessable('Karyawan tidak ditemukan', 'FACE_UNKNOWN');
  if (context.role !== 'employee' || context.pendingApproval) throw forbidden('Akun ini tidak dapat absen di kiosk.');
  return { context, user: toSessionUser(context) };
}

/** The phone's payload, for a punch at the kiosk's office (the position is the office's own). */
export function kioskPayload(
  kiosk: KioskCaller,
  input: Pick<KioskPunchInput, 'faceImage' | 'faceDescriptor' | 'liveness' | 'challengeId' | 'timestamp'>,
): AttendancePayload {
  const { latitude, longitude } = kiosk.office;
  if (latitude === null || longitude === null) throw unprocessable('Lokasi kantor belum diatur', 'OFFICE_NOT_SET');
  return {
    latitude,
    longitude,
    accuracy: 0,
    timestamp: input.timestamp ?? null,
    faceImage: input.faceImage,
    verificationMethod: 'face',
    faceDescriptor: input.faceDescriptor ?? null,
    liveness: input.liveness ?? null,
    challengeId: input.challengeId ?? null,
  };
}

export async function punchAtKiosk(kiosk: KioskCaller, input: KioskPunchInput, ip: string) {
  const { context, user } = await employeeAtKiosk(input.userId);
  const origin: PunchOrigin = { kioskId: kiosk.id, officeId: kiosk.office.id };
  const payload = kioskPayload(kiosk, input);
  const result =
    input.action === 'check-in'
      ? await checkIn(user, payload, context, ip, origin)
      : input.action === 'check-out'
        ? await checkOut(user, payload, context, ip, origin)
        : // Istirahat (docs/calendar.md): the break punch, with the same checks.
          await takeBreak(user, { ...payload, action: input.action === 'break-start' ? 'start' : 'end' }, context, ip, origin);
  return { ...result, name: user.name };
}
