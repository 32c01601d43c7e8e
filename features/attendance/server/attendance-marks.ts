// A punch record as the API shows it: its check-in and check-out marks, shared by the answer of a
// check-in/out (attendance-punch.ts), today (attendance-today.ts) and the history (attendance-history.ts).
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import type { Attendance } from '@/lib/generated/prisma/client';

/** The columns a check-in/out mark is shown from (the write statements return them too). */
export type MarkColumns = Pick<
  Attendance,
  | 'id'
  | 'checkInAt'
  | 'checkInLatitude'
  | 'checkInLongitude'
  | 'checkInAccuracy'
  | 'checkInDistance'
  | 'checkInMethod'
  | 'lateMinutes'
  | 'checkOutAt'
  | 'checkOutLatitude'
  | 'checkOutLongitude'
  | 'checkOutAccuracy'
  | 'checkOutDistance'
  | 'checkOutMethod'
  | 'earlyMinutes'
>;

type PhotoKinds = readonly ('check_in' | 'check_out' | 'break_start' | 'break_end')[];

export function marks(a: MarkColumns, photoKinds: PhotoKinds) {
  const checkIn = {
    timestamp: a.checkInAt.toISOString(),
    latitude: a.checkInLatitude,
    longitude: a.checkInLongitude,
    accuracy: a.checkInAccuracy,
    distance: a.checkInDistance,
    verificationMethod: a.checkInMethod,
    hasPhoto: photoKinds.includes('check_in'),
    lateMinutes: a.lateMinutes,
  };
  const checkOut =
    a.checkOutAt && a.checkOutLatitude !== null && a.checkOutLongitude !== null
      ? {
          timestamp: a.checkOutAt.toISOString(),
          latitude: a.checkOutLatitude,
          longitude: a.checkOutLongitude,
          accuracy: a.checkOutAccuracy,
          distance: a.checkOutDistance,
          verificationMethod: a.checkOutMethod ?? 'face',
          hasPhoto: photoKinds.includes('check_out'),
          earlyMinutes: a.earlyMinutes,
        }
      : null;
  return { checkIn, checkOut };
}

export type WithOffice = Attendance & {
  photos: { kind: PhotoKinds[number] }[];
  office: { id: string; name: string; timezone: string } | null;
  flags: { reason: string }[];
};

export async function assertUserExists(userId: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, createdAt: true } });
  if (!user) throw notFound('Pengguna tidak ditemukan');
  return user;
}

export const photoKindsSelect = {
  photos: { select: { kind: true } },
  office: { select: { id: true, name: true, timezone: true } },
  flags: { select: { reason: true } },
} as const;
