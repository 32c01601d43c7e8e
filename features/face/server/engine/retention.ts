// Attendance photos are personal data: they are deleted once older than Settings.photoRetentionDays.
// The attendance record keeps its face score and re-check verdict.
import { db } from '@/lib/server/db';
import { getSettingsRow } from '@/features/settings/server/settings';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function deleteExpiredAttendancePhotos(now: Date = new Date()): Promise<{ deleted: number; cutoff: Date }> {
  const { photoRetentionDays } = await getSettingsRow();
  const cutoff = new Date(now.getTime() - photoRetentionDays * DAY_MS);
  // Their queued re-check jobs go with them (ON DELETE CASCADE).
  const { count } = await db.attendancePhoto.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return { deleted: count, cutoff };
}
