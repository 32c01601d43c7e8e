// Istirahat (docs/calendar.md, "Istirahat"): Mulai Istirahat and Selesai Istirahat on a schedule that
// requires the break to be punched. A break punch is a punch: the same refusals in the same order as
// check-in/out (attendance-punch.ts prepare(): the own account, the one-time challenge, the office's
// position and radius, the location's accuracy, the device, the office network), then the day's state,
// the face match and liveness, then one statement that takes the challenge and writes the break
// (attendance-break-sql.ts). The period lock refuses it inside a closed month like any write of the
// record. One break a day; nothing is written on a refusal.
import { sql } from '@/lib/server/db';
import { conflict, unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { checkOutTarget } from '@/features/attendance/lib/shift';
import { breakFigures, type BreakFigures } from '@/features/attendance/lib/breaks';
import type { BreakPayload } from '@/features/attendance/validation/attendance';
import type { MarkContext } from '@/features/attendance/server/attendance-session';
import { challengeRefusal } from '@/features/attendance/server/challenge';
import type { Kind } from '@/features/attendance/server/attendance-fraud';
import { checkLivenessOf, goneUser, prepare, verifyFace, type PunchOrigin } from '@/features/attendance/server/attendance-punch';
import { BREAK_END, BREAK_RULE, BREAK_START, type BreakRow } from '@/features/attendance/server/attendance-break-sql';

export const BREAK_MESSAGES = {
  notCheckedIn: 'Anda belum melakukan check-in hari ini. Istirahat dicatat setelah check-in.',
  checkedOut: 'Anda sudah melakukan check-out hari ini. Istirahat tidak dapat dicatat setelah check-out.',
  notRequired: 'Jadwal kerja Anda hari ini tidak memakai absen istirahat.',
  alreadyStarted: 'Anda sedang istirahat. Tekan Selesai Istirahat saat kembali bekerja.',
  notStarted: 'Anda belum memulai istirahat. Tekan Mulai Istirahat terlebih dahulu.',
  done: 'Istirahat hari ini sudah dicatat. Istirahat hanya dicatat sekali sehari.',
} as const;

export type BreakResult = { message: string; date: string; break: BreakFigures };

/** The refusal of the day's state: what the record says now (no break, an open one, a finished one). */
function stateRefusal(kind: Kind, record: { breakStartAt: string | null; breakEndAt: string | null }) {
  if (record.breakEndAt) return conflict(BREAK_MESSAGES.done, 'BREAK_DONE');
  if (kind === 'break-start' && record.breakStartAt) return conflict(BREAK_MESSAGES.alreadyStarted, 'BREAK_ALREADY_STARTED');
  if (kind === 'break-end' && !record.breakStartAt) return conflict(BREAK_MESSAGES.notStarted, 'BREAK_NOT_STARTED');
  return null;
}

/** POST /attendance/break (and a kiosk's break punch, `origin`): `context` as check-in/out take it. */
export async function takeBreak(actor: SessionUser, input: BreakPayload, context?: MarkContext, ip?: string, origin?: PunchOrigin) {
  const kind: Kind = input.action === 'start' ? 'break-start' : 'break-end';
  const p = await prepare(actor, input, kind, context, ip, origin);
  const target = checkOutTarget(p.now, p.timezone, p.context.recent);
  if (target.kind === 'none') throw conflict(BREAK_MESSAGES.notCheckedIn, 'NOT_CHECKED_IN');
  if (target.kind === 'done') throw conflict(BREAK_MESSAGES.checkedOut, 'ALREADY_CHECKED_OUT');
  const date = target.record.date;
  const record = p.context.recent.find((r) => r.date === date)!;
  const day = p.context.calendar.find((d) => d.date === date);
  // Only a working day of a schedule that requires it (a rest day or holiday has no break to measure).
  const [rule] = await sql<{ breakPunch: boolean }>(BREAK_RULE, [actor.id, date]);
  if (!rule?.breakPunch || day?.status !== 'kerja') throw unprocessable(BREAK_MESSAGES.notRequired, 'BREAK_NOT_REQUIRED');
  const refused = stateRefusal(kind, record);
  if (refused) throw refused;
  verifyFace(p);
  checkLivenessOf(input, kind, p);
  const fraud = [p.challengeId, JSON.stringify(p.flags), p.deviceId];
  const [row] = await sql<BreakRow>(
    kind === 'break-start' ? BREAK_START : BREAK_END,
    kind === 'break-start' ? [actor.id, date, p.now, day.breakMinutes ?? 0, ...fraud] : [actor.id, date, p.now, ...fraud],
  ).catch(goneUser);
  if (!row?.id) {
    // The challenge taken but nothing written: another request changed the break first.
    if (row?.challengeTaken) throw conflict(kind === 'break-start' ? BREAK_MESSAGES.alreadyStarted : BREAK_MESSAGES.done, 'BREAK_CHANGED');
    throw await challengeRefusal(actor, kind, p.challengeId, p.now);
  }
  const figures = breakFigures({ ...row, checkInAt: row.checkInAt! })!;
  return { message: breakMessage(kind, figures), date, break: figures } satisfies BreakResult;
}

/**
 * The break punch the state allows now (for the kiosk's offer): Mulai Istirahat after check-in on a
 * working day whose schedule requires it, Selesai Istirahat while the break is open; else none.
 */
export async function breakOffer(userId: string, c: MarkContext, timezone: string): Promise<'break-start' | 'break-end' | null> {
  const target = checkOutTarget(c.now, timezone, c.recent);
  if (target.kind !== 'open') return null;
  const record = c.recent.find((r) => r.date === target.record.date);
  if (!record || record.breakEndAt) return null;
  if (c.calendar.find((d) => d.date === record.date)?.status !== 'kerja') return null;
  const [rule] = await sql<{ breakPunch: boolean }>(BREAK_RULE, [userId, record.date]);
  if (!rule?.breakPunch) return null;
  return record.breakStartAt ? 'break-end' : 'break-start';
}

/** "Mulai istirahat berhasil"; at the end, how long it was and the minutes over the allowed length. */
function breakMessage(kind: Kind, f: BreakFigures): string {
  if (kind === 'break-start') return `Mulai istirahat berhasil. Batas istirahat ${f.allowedMinutes} menit.`;
  const over = f.overMinutes > 0 ? `, lebih ${f.overMinutes} menit dari batas ${f.allowedMinutes} menit` : '';
  return `Selesai istirahat berhasil. Istirahat ${f.minutes} menit${over}.`;
}
