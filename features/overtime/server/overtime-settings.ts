// The overtime policy (docs/overtime.md): payable time is rounded down to `roundingMinutes`
// (Settings.overtimeRoundingMinutes, default 30). Anyone signed in may read it; admins change it, audited.
import { db } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit';
import { roundingMinutes } from '@/features/overtime/server/overtime-figures';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertAdmin } from '@/lib/server/auth/policy';

export async function getOvertimeSettings(): Promise<{ roundingMinutes: number }> {
  return { roundingMinutes: await roundingMinutes() };
}

export async function setOvertimeSettings(
  actor: SessionUser,
  input: { roundingMinutes: number },
): Promise<{ message: string; roundingMinutes: number }> {
  assertAdmin(actor);
  await db.$transaction(async (tx) => {
    const before = await tx.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    await tx.settings.update({ where: { id: 1 }, data: { overtimeRoundingMinutes: input.roundingMinutes } });
    await recordAudit(tx, {
      actor,
      kind: 'settings.overtime',
      entity: 'Settings',
      entityId: '1',
      before: { roundingMinutes: before.overtimeRoundingMinutes },
      after: input,
    });
  });
  return { message: 'Pengaturan lembur berhasil disimpan', roundingMinutes: input.roundingMinutes };
}
