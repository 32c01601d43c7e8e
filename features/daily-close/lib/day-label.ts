// How a closed day is named on the pages and in the files (docs/daily-close.md): the leave type on a
// day of leave, the half day's leave beside the status on a worked day, else the status.
import { DAY_RESULT_LABELS, type DayResult } from '@/features/corrections/validation/corrections';

/** The words of a half day: "½ hari siang" (the afternoon off). */
export const halfDayWords = (half: 'pagi' | 'siang') => `½ hari ${half}`;

/**
 * "Cuti Tahunan" (a full day of leave), "Cuti Tahunan (½ hari siang)" (a half day, not worked),
 * "Hadir · Cuti Tahunan ½ hari siang" (a half day off, the other half worked), else the status ("Hadir").
 */
export function dayLabel(d: { status: DayResult; leaveTypeName: string | null; halfDay: 'pagi' | 'siang' | null }): string {
  const leaveStatus = d.status === 'cuti' || d.status === 'izin' || d.status === 'sakit';
  if (leaveStatus && d.leaveTypeName) return d.halfDay ? `${d.leaveTypeName} (${halfDayWords(d.halfDay)})` : d.leaveTypeName;
  if (!leaveStatus && d.leaveTypeName && d.halfDay) return `${DAY_RESULT_LABELS[d.status]} · ${d.leaveTypeName} ${halfDayWords(d.halfDay)}`;
  return DAY_RESULT_LABELS[d.status];
}
