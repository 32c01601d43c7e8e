// A fingerprint of the whole database: row count and an MD5 of every row's text per table. Two equal
// snapshots mean nothing was inserted, updated or deleted in between (used by the access matrix and fuzz tests).
import { db } from '@/lib/server/db';

export const TABLES = ['User', 'Settings', 'EmployeeWorkingHours', 'Attendance', 'AttendancePhoto', 'FaceProfile', 'FaceEnrolmentPhoto', 'FaceCheckJob', 'LeaveRequest', 'LoginAttempt', 'AttendanceReview', 'RevokedSession'] as const;

export async function dbSnapshot(): Promise<Record<string, string>> {
  const parts = TABLES.map(
    (t) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t}" x`,
  );
  const rows = await db.$queryRawUnsafe<{ t: string; n: number; h: string }[]>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}
