// The overtime policy (docs/overtime.md): payable time is rounded down to `roundingMinutes`
// (Settings.overtimeRoundingMinutes, default 30), and `cutiBersamaHolidayRate` (Settings.overtimeCutiBersamaHolidayRate,
// default off) pays holiday rates for work on a cuti bersama day, a company's own extra over the law. Anyone
// signed in may read it; admins change it, audited.
import { db } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit';
import { DEFAULT_ROUNDING_MINUTES } from '@/features/overtime/lib/rules';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import type { OvertimeSettingsInput } from '@/features/overtime/validation/overtime';

export type OvertimeSettings = { roundingMinutes: number; cutiBersamaHolidayRate: boolean };

export async function getOvertimeSettings(): Promise<OvertimeSettings> {
  const s = await db.settings.findUnique({
    where: { id: 1 },
    select: { overtimeRoundingMinutes: true, overtimeCutiBersamaHolidayRate: true },
  });
  return {
    roundingMinutes: s?.overtimeRoundingMinutes ?? DEFAULT_ROUNDING_MINUTES,
    cutiBersamaHolidayRate: s?.overtimeCutiBersamaHolidayRate ?? false,
  };
}

/** A field left out keeps its value. The opt-in applies to overtime asked from then on: requests keep their day kind. */
export async function setOvertimeSettings(
  actor: SessionUser,
  input: OvertimeSettingsInput,
): Promise<{ message: string } & OvertimeSettings> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengubah pengaturan lembur.');
  const after = await db.$transaction(async (tx) => {
    const before = await tx.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    const row = await tx.settings.update({
      where: { id: 1 },
      data: {
        ...(input.roundingMinutes !== undefined ? { overtimeRoundingMinutes: input.roundingMinutes } : {}),
        ...(input.cutiBersamaHolidayRate !== undefined ? { overtimeCutiBersamaHolidayRate: input.cutiBersamaHolidayRate } : {}),
      },
    });
    const after = { roundingMinutes: row.overtimeRoundingMinutes, cutiBersamaHolidayRate: row.overtimeCutiBersamaHolidayRate };
    await recordAudit(tx, {
      actor,
      kind: 'settings.overtime',
      entity: 'Settings',
      entityId: '1',
      before: { roundingMinutes: before.overtimeRoundingMinutes, cutiBersamaHolidayRate: before.overtimeCutiBersamaHolidayRate },
      after,
    });
    return after;
  });
  return { message: 'Pengaturan lembur berhasil disimpan', ...after };
}
