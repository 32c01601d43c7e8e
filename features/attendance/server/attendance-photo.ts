// Attendance photos: the JPEG of a check-in/out (or a face enrolment) as uploaded, checked before
// anything is written, and a stored one served back to its owner, admins and HR.
import { db } from '@/lib/server/db';
import { AppError, notFound } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertSelfOrStaff } from '@/lib/server/auth/policy';
import { assertCameraDimensions } from '@/features/face/server/engine/jpeg-header';
import { JPEG_DATA_URL_PREFIX, MAX_PHOTO_BYTES, type PhotoKindParam } from '@/features/attendance/validation/attendance';

/** Bytes a well-formed base64 text of this length decodes to (padding optional), or null if none does. */
function base64DecodedLength(text: string): number | null {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const rest = text.length % 4;
  if (rest === 1 || (padding && rest)) return null;
  return Math.floor(text.length / 4) * 3 + (rest ? rest - 1 : 0) - padding;
}

/** The JPEG bytes of a `data:image/jpeg;base64,` URL: prefix and magic bytes checked, 300 KB cap. */
export function decodeFaceImage(dataUrl: string): Buffer {
  const invalid = () => new AppError(400, 'INVALID_PHOTO', 'Foto wajah harus berupa gambar JPEG');
  if (!dataUrl.startsWith(JPEG_DATA_URL_PREFIX)) throw invalid();
  const base64 = dataUrl.slice(JPEG_DATA_URL_PREFIX.length);
  if (Math.floor((base64.length * 3) / 4) > MAX_PHOTO_BYTES + 2) throw new AppError(413, 'PHOTO_TOO_LARGE', 'Ukuran foto maksimal 300 KB');
  // Node's decoder skips characters outside the alphabet (and stops at a misplaced '='), so a text with
  // any of them decodes to fewer bytes than its length promises; '-' and '_' (base64url) it would
  // accept are refused by name. Much cheaper than a regular expression over the ~80 KB string.
  const expected = base64DecodedLength(base64);
  if (expected === null || base64.includes('-') || base64.includes('_')) throw invalid();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== expected) throw invalid();
  if (bytes.length > MAX_PHOTO_BYTES) throw new AppError(413, 'PHOTO_TOO_LARGE', 'Ukuran foto maksimal 300 KB');
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) throw invalid();
  assertCameraDimensions(bytes);
  return bytes;
}

/** A check-in/out photo: the owner, admins and HR only. */
export async function photo(actor: SessionUser, input: { id: string; kind: PhotoKindParam }) {
  const row = await db.attendancePhoto.findUnique({
    where: { attendanceId_kind: { attendanceId: input.id, kind: input.kind === 'check-in' ? 'check_in' : 'check_out' } },
    select: { mime: true, data: true, attendance: { select: { userId: true } } },
  });
  if (!row) {
    const owner = await db.attendance.findUnique({ where: { id: input.id }, select: { userId: true } });
    if (owner) assertSelfOrStaff(actor, owner.userId);
    throw notFound('Foto tidak ditemukan');
  }
  assertSelfOrStaff(actor, row.attendance.userId);
  return { mime: row.mime, data: row.data };
}
