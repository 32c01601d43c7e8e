// Tutup Harian's actions (docs/daily-close.md, "The Tutup Harian page"): run or re-run the daily close of
// one day or a range, and set the close time and the catch-up window. Admin and HR.
import { db } from '@/lib/server/db';
import { conflict, notFound, unprocessable } from '@/lib/server/errors';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import { recordAudit } from '@/lib/server/audit';
import { addDays, dateKeyInZone, formatDateLong } from '@/lib/dates';
import { periodClosedMessage } from '@/features/periods/validation/periods';
import { closeNow } from '@/features/daily-close/server/daily-close';
import { closeSettingsDto } from '@/features/daily-close/server/close-month';
import type { CloseRunDto, CloseSettingsDto } from '@/features/daily-close/types/daily-close';
import { NOT_STARTED, type CloseRunInput, type CloseSettingsInput } from '@/features/daily-close/validation/daily-close';

export const RUN_STAFF_ONLY = 'Hanya administrator atau HR yang dapat menjalankan tutup harian.';
export const CLOSE_SETTINGS_SAVED = 'Pengaturan tutup harian berhasil disimpan';

/**
 * POST /api/daily-close/run: the close of each day in [startDate, endDate], oldest first, for one office or
 * all. The whole range is checked before any day runs: a day not begun yet in an office's zone is refused
 * (422), and so is a range touching a month closed by Tutup Periode (409, the period message). Each day
 * is then closeNow()'s run: one transaction and one `attendance.close` audit row per day.
 */
export async function runCloseRange(actor: SessionUser, input: CloseRunInput, now: Date = new Date()): Promise<CloseRunDto> {
  assertStaff(actor, RUN_STAFF_ONLY);
  const offices = await db.office.findMany({ where: input.officeId ? { id: input.officeId } : {}, select: { id: true, timezone: true } });
  if (!offices.length) throw notFound('Kantor tidak ditemukan');
  if (offices.some((o) => input.endDate > dateKeyInZone(now, o.timezone))) throw unprocessable(NOT_STARTED, 'DAY_NOT_STARTED');
  const months = [...new Set([input.startDate.slice(0, 7), input.endDate.slice(0, 7)])];
  const closed = await db.period.findFirst({
    where: { month: { in: months }, status: 'closed' },
    select: { month: true },
    orderBy: { month: 'asc' },
  });
  if (closed) throw conflict(periodClosedMessage(closed.month), 'PERIOD_CLOSED');
  const days: CloseRunDto['days'] = [];
  for (let date = input.startDate; date <= input.endDate; date = addDays(date, 1))
    days.push(await closeNow(actor, { date, officeId: input.officeId }));
  const span =
    input.startDate === input.endDate
      ? formatDateLong(input.startDate)
      : `${formatDateLong(input.startDate)} s.d. ${formatDateLong(input.endDate)}`;
  return { message: `Tutup harian ${span} selesai (${days.length} hari)`, startDate: input.startDate, endDate: input.endDate, days };
}

/** PUT /api/daily-close/settings: the close time (HH:MM of the next local day) and the catch-up window. */
export async function updateCloseSettings(
  actor: SessionUser,
  input: CloseSettingsInput,
): Promise<{ message: string; settings: CloseSettingsDto }> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengubah pengaturan tutup harian.');
  const before = await closeSettingsDto();
  await db.$transaction(async (tx) => {
    await tx.settings.upsert({
      where: { id: 1 },
      create: { id: 1, dailyCloseTime: input.dailyCloseTime, dailyCloseCatchUpDays: input.catchUpDays },
      update: { dailyCloseTime: input.dailyCloseTime, dailyCloseCatchUpDays: input.catchUpDays },
    });
    await recordAudit(tx, { actor, kind: 'settings.daily_close', entity: 'Settings', entityId: '1', before, after: input });
  });
  return { message: CLOSE_SETTINGS_SAVED, settings: await closeSettingsDto() };
}
