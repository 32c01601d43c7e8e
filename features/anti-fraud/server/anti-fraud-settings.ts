// The anti-fraud policies (docs/anti-fraud.md): the company's accuracy ceiling, clock tolerance and
// device policy on the settings row, and each office's public-IP allow-list and policy. Admins change
// them (audited); admins and HR read them.
import { db } from '@/lib/server/db';
import { notFound } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { getSettingsRow } from '@/features/settings/server/settings';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertAdmin, assertStaff } from '@/lib/server/auth/policy';
import type { AntiFraudSettingsDto } from '@/features/anti-fraud/types/anti-fraud';

export type { AntiFraudSettingsDto } from '@/features/anti-fraud/types/anti-fraud';
import type { AntiFraudSettingsInput } from '@/features/anti-fraud/validation/anti-fraud';

async function dto(): Promise<AntiFraudSettingsDto> {
  const [s, offices] = await Promise.all([
    getSettingsRow(),
    db.office.findMany({
      select: { id: true, name: true, active: true, ipPolicy: true, ipAllowList: true },
      orderBy: [{ active: 'desc' }, { name: 'asc' }, { id: 'asc' }],
    }),
  ]);
  return {
    locationAccuracyMaxM: s.locationAccuracyMaxM,
    clockSkewMaxMinutes: s.clockSkewMaxMinutes,
    devicePolicy: s.devicePolicy,
    offices: offices.map((o) => ({ ...o, ipAllowList: o.ipAllowList ?? [] })),
  };
}

export async function getAntiFraudSettings(actor: SessionUser): Promise<AntiFraudSettingsDto> {
  assertStaff(actor);
  return dto();
}

export async function updateAntiFraudSettings(
  actor: SessionUser,
  input: AntiFraudSettingsInput,
): Promise<{ message: string; settings: AntiFraudSettingsDto }> {
  assertAdmin(actor, 'Hanya administrator yang dapat mengubah pengaturan.');
  const before = await dto();
  await db.$transaction(async (tx) => {
    await tx.settings.upsert({
      where: { id: 1 },
      create: {
        id: 1,
        locationAccuracyMaxM: input.locationAccuracyMaxM,
        clockSkewMaxMinutes: input.clockSkewMaxMinutes,
        devicePolicy: input.devicePolicy,
      },
      update: {
        locationAccuracyMaxM: input.locationAccuracyMaxM,
        clockSkewMaxMinutes: input.clockSkewMaxMinutes,
        devicePolicy: input.devicePolicy,
      },
    });
    for (const o of input.offices ?? []) {
      const { count } = await tx.office.updateMany({ where: { id: o.id }, data: { ipPolicy: o.ipPolicy, ipAllowList: o.ipAllowList } });
      if (count === 0) throw notFound('Kantor tidak ditemukan');
    }
    await recordAudit(tx, { actor, kind: 'settings.anti_fraud', entity: 'Settings', entityId: '1', before, after: input });
  });
  return { message: 'Pengaturan anti-kecurangan berhasil disimpan', settings: await dto() };
}
