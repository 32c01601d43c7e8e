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

export type OvertimeSettings = {
  roundingMinutes: number;
  cutiBersamaHolidayRate: boolean;
  /** Work on a rest day or holiday: upah, cuti or pilihan (docs/overtime.md, "Cuti pengganti"). */
  compensation: 'upah' | 'cuti' | 'pilihan';
  compensatoryExpiryDays: number;
};

type Row = {
  overtimeRoundingMinutes: number;
  overtimeCutiBersamaHolidayRate: boolean;
  overtimeCompensation: OvertimeSettings['compensation'];
  compensatoryLeaveExpiryDays: number;
};
const toSettings = (r: Row): OvertimeSettings => ({
  roundingMinutes: r.overtimeRoundingMinutes,
  cutiBersamaHolidayRate: r.overtimeCutiBersamaHolidayRate,
  compensation: r.overtimeCompensation,
  compensatoryExpiryDays: r.compensatoryLeaveExpiryDays,
});

export async function getOvertimeSettings(): Promise<OvertimeSettings> {
  const s = await db.settings.findUnique({
    where: { id: 1 },
    select: {
      overtimeRoundingMinutes: true,
      overtimeCutiBersamaHolidayRate: true,
      overtimeCompensation: true,
      compensatoryLeaveExpiryDays: true,
    },
  });
  return s
    ? toSettings(s)
    : { roundingMinutes: DEFAULT_ROUNDING_MINUTES, cutiBersamaHolidayRate: false, compensation: 'upah', compensatoryExpiryDays: 90 };
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
        ...(input.compensation !== undefined ? { overtimeCompensation: input.compensation } : {}),
        ...(input.compensatoryExpiryDays !== undefined ? { compensatoryLeaveExpiryDays: input.compensatoryExpiryDays } : {}),
      },
    });
    const after = toSettings(row);
    await recordAudit(tx, {
      actor,
      kind: 'settings.overtime',
      entity: 'Settings',
      entityId: '1',
      before: toSettings(before),
      after,
    });
    return after;
  });
  return { message: 'Pengaturan lembur berhasil disimpan', ...after };
}
