// The anti-fraud checks of a check-in/out that need nothing but the request and the session's context
// (docs/anti-fraud.md): which office the position belongs to, the client clock, the speed since the
// previous punch, the device, the office network. What needs the database (the challenge, repeated
// coordinates) is part of the write statement (attendance-punch-sql.ts).
import { forbidden, unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { haversineMeters } from '@/lib/geo';
import type { AttendancePayload } from '@/features/attendance/validation/attendance';
import { judgeDevice } from '@/features/anti-fraud/server/devices';
import type { MarkContext, MarkOffice, RecentPunches } from '@/features/attendance/server/attendance-session';
import {
  clockSkewMinutes,
  ipAllowed,
  isClockSkewed,
  judgePosition,
  minimumSpeedKmh,
  MAX_SPEED_KMH,
  type PendingFlag,
  type PositionVerdict,
  type Punch,
} from '@/features/attendance/lib/anti-fraud';

export type Kind = 'check-in' | 'check-out' | 'break-start' | 'break-end';

/**
 * The office the position belongs to, judged with its accuracy (judgePosition): the nearest office the
 * position is surely inside, else the nearest one it may be inside (review), else none.
 */
export function officeAt(offices: MarkOffice[], at: { latitude: number; longitude: number }, accuracy: number) {
  let best: { office: MarkOffice; distance: number; verdict: PositionVerdict } | null = null;
  for (const office of offices) {
    if (office.latitude === null || office.longitude === null) continue;
    const distance = haversineMeters({ latitude: office.latitude, longitude: office.longitude }, at);
    const verdict = judgePosition(distance, accuracy, office.radius);
    if (verdict === 'outside') continue;
    const better = !best || (verdict === 'inside' && best.verdict === 'review') || (verdict === best.verdict && distance < best.distance);
    if (better) best = { office, distance, verdict };
  }
  return best;
}

export const accuracyTooLow = (accuracy: number, max: number) =>
  unprocessable(
    `Akurasi lokasi Anda ±${Math.round(accuracy)} m, melebihi batas ${max} m. Tunggu sebentar di tempat terbuka atau aktifkan GPS, lalu coba lagi.`,
    'LOCATION_INACCURATE',
  );

export const IP_REFUSED =
  'Absensi di kantor ini hanya dapat dilakukan dari jaringan kantor. Sambungkan perangkat ke Wi-Fi kantor lalu coba lagi.';

/** The latest punch (check-in or check-out) of the recent records before `now`. */
function previousPunch(recent: RecentPunches[], now: Date): Punch | null {
  let best: Punch | null = null;
  for (const r of recent) {
    const candidates: Punch[] = [{ at: new Date(r.inAt), latitude: r.inLat, longitude: r.inLng, accuracy: r.inAcc }];
    if (r.outAt && r.outLat !== null && r.outLng !== null)
      candidates.push({ at: new Date(r.outAt), latitude: r.outLat, longitude: r.outLng, accuracy: r.outAcc });
    for (const c of candidates) if (c.at.getTime() < now.getTime() && (!best || c.at > best.at)) best = c;
  }
  return best;
}

/**
 * The request's anti-fraud checks that need no more reading: the position's margin, the client clock,
 * the speed since the previous punch, the device, the office network. Returns the flags to write with
 * the record; throws (before anything is written) for what the policies refuse.
 */
export function fraudChecks(
  actor: SessionUser,
  input: AttendancePayload,
  kind: Kind,
  c: MarkContext,
  at: { office: MarkOffice; distance: number; verdict: PositionVerdict },
  ip: string,
  /** A kiosk punch: the kiosk's credential is the device (docs/kiosk.md), the employee's phone is not asked. */
  kiosk = false,
): PendingFlag[] {
  const flags: PendingFlag[] = [];
  const distance = Math.round(at.distance * 10) / 10;
  if (input.accuracy === null || input.accuracy === undefined)
    flags.push({ reason: 'location', detail: { distance, radius: at.office.radius, accuracy: null } });
  else if (at.verdict === 'review')
    flags.push({ reason: 'location', detail: { distance, radius: at.office.radius, accuracy: input.accuracy } });
  const client = clientTime(input.timestamp);
  if (client && isClockSkewed(client, c.now, c.clockSkewMaxMinutes))
    flags.push({ reason: 'clock', detail: { minutes: clockSkewMinutes(client, c.now), max: c.clockSkewMaxMinutes } });
  const previous = previousPunch(c.recent, c.now);
  if (previous) {
    const speed = minimumSpeedKmh(previous, {
      at: c.now,
      latitude: input.latitude,
      longitude: input.longitude,
      accuracy: input.accuracy ?? null,
    });
    if (speed !== null && speed > MAX_SPEED_KMH) {
      flags.push({
        reason: 'speed',
        detail: {
          kmh: Math.round(speed),
          km: Math.round(haversineMeters(previous, input) / 100) / 10,
          minutes: Math.round((c.now.getTime() - previous.at.getTime()) / 6_000) / 10,
        },
      });
    }
  }
  const device = kiosk
    ? null
    : judgeDevice({
        policy: c.devicePolicy,
        devices: c.devices,
        deviceId: input.deviceId ?? null,
        signature: input.deviceSignature ?? null,
        message: deviceMessage(kind, input.challengeId ?? '', actor.id),
      });
  if (device) flags.push(device);
  if (at.office.ipPolicy !== 'off' && !ipAllowed(ip, at.office.ipAllowList)) {
    if (at.office.ipPolicy === 'require') throw forbidden(IP_REFUSED);
    flags.push({ reason: 'ip', detail: { ip, office: at.office.name } });
  }
  return flags;
}

/** What a registered device signs for a punch: the action, the one-time challenge and the account. */
export const deviceMessage = (kind: Kind, challengeId: string, userId: string) => `absensi:${kind}:${challengeId}:${userId}`;

export const clientTime = (ts: string | null | undefined) => (ts ? new Date(ts) : null);
