// The leave policy (docs/leave.md): when the yearly grant falls, eligibility and the pro-rata rule,
// carry-over and its expiry, and whether employees may cancel approved leave. One Settings row.
// A change never rewrites the ledger: every ledger is first brought up to date under the old policy
// (as of yesterday), then the new one applies to the grants and closes from today on (leavePolicyFrom).
import { db } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit';
import { annualType } from '@/features/leave/server/leave-types';
import { ensureAllLedgers } from '@/features/leave/server/leave-ledger';
import { todayKey } from '@/features/leave/lib/ledger-rules';
import { getSettingsRow } from '@/features/settings/server/settings';
import { addDays, dateKeyToDate, dateToKey } from '@/lib/dates';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import type { Settings } from '@/lib/generated/prisma/client';
import type { LeavePolicyInput } from '@/features/leave/validation/leave-ledger';
import type { LeavePolicyDto } from '@/features/leave/types/leave-ledger';

export const LEAVE_POLICY_SAVED = 'Kebijakan cuti berhasil disimpan';

function policyInput(s: Settings): LeavePolicyInput {
  return {
    grantBasis: s.leaveGrantBasis,
    eligibility: s.leaveEligibility,
    proRataDaysPerMonth: s.leaveProRataDaysPerMonth,
    carryOverMaxDays: s.leaveCarryOverMax,
    carryOverExpiryMonth: s.leaveCarryOverExpiryMonth,
    carryOverExpiryDay: s.leaveCarryOverExpiryDay,
    employeeCancelApproved: s.leaveEmployeeCancelApproved,
  };
}

async function toDto(s: Settings): Promise<LeavePolicyDto> {
  const type = await annualType();
  return {
    ...policyInput(s),
    effectiveFrom: s.leavePolicyFrom ? dateToKey(s.leavePolicyFrom) : null,
    annualQuota: type?.quotaPerYear ?? null,
  };
}

/** GET /api/settings/leave-policy: anyone signed in (the leave page needs to know about cancelling). */
export async function getLeavePolicy(_actor: Pick<SessionUser, 'id'>): Promise<LeavePolicyDto> {
  return toDto(await getSettingsRow());
}

/** The fields that shape the ledger (the cancel rule does not). */
const LEDGER_FIELDS = [
  'grantBasis',
  'eligibility',
  'proRataDaysPerMonth',
  'carryOverMaxDays',
  'carryOverExpiryMonth',
  'carryOverExpiryDay',
] as const;

/** PUT /api/settings/leave-policy: admin or HR; audited as settings.leave_policy. */
export async function updateLeavePolicy(actor: SessionUser, input: LeavePolicyInput): Promise<{ message: string; policy: LeavePolicyDto }> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengubah kebijakan cuti.');
  const current = policyInput(await getSettingsRow());
  const today = todayKey();
  // What was due under the old policy is written under it (idempotent, so a repeat or a race is harmless).
  if (LEDGER_FIELDS.some((f) => current[f] !== input[f])) await ensureAllLedgers(addDays(today, -1));
  const after = await db.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<Settings[]>`SELECT * FROM "Settings" WHERE id = 1 FOR UPDATE`;
    const before = policyInput(locked!);
    const changed = LEDGER_FIELDS.some((f) => before[f] !== input[f]);
    const row = await tx.settings.update({
      where: { id: 1 },
      data: {
        leaveGrantBasis: input.grantBasis,
        leaveEligibility: input.eligibility,
        leaveProRataDaysPerMonth: input.proRataDaysPerMonth,
        leaveCarryOverMax: input.carryOverMaxDays,
        leaveCarryOverExpiryMonth: input.carryOverExpiryMonth,
        leaveCarryOverExpiryDay: input.carryOverExpiryDay,
        leaveEmployeeCancelApproved: input.employeeCancelApproved,
        ...(changed ? { leavePolicyFrom: dateKeyToDate(today) } : {}),
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'settings.leave_policy',
      entity: 'Settings',
      entityId: '1',
      before: { ...before, effectiveFrom: locked!.leavePolicyFrom ? dateToKey(new Date(locked!.leavePolicyFrom)) : null },
      after: { ...input, effectiveFrom: row.leavePolicyFrom ? dateToKey(row.leavePolicyFrom) : null },
    });
    return row;
  });
  return { message: LEAVE_POLICY_SAVED, policy: await toDto(after) };
}
