// The company's approval settings (docs/leave.md): one step enough when the only other approver is the
// same person (Settings.approvalSingleStep), and the working days before HR takes a pending supervisor
// step (Settings.approvalEscalationDays). Read by anyone signed in; set by admin or HR, audited.
import { db } from '@/lib/server/db';
import { recordAudit } from '@/lib/server/audit';
import type { SessionUser } from '@/lib/server/auth/session';
import { assertStaff } from '@/lib/server/auth/policy';
import type { ApprovalSettingsInput } from '@/features/approvals/validation/approvals';
import type { ApprovalSettingsDto } from '@/features/approvals/types/approvals';

export async function getApprovalSettings(): Promise<ApprovalSettingsDto> {
  const s = await db.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
  return { singleStep: s.approvalSingleStep, escalationDays: s.approvalEscalationDays };
}

export async function setApprovalSettings(
  actor: SessionUser,
  input: ApprovalSettingsInput,
): Promise<{ message: string } & ApprovalSettingsDto> {
  assertStaff(actor, 'Hanya administrator atau HR yang dapat mengubah pengaturan persetujuan.');
  const after = await db.$transaction(async (tx) => {
    const before = await tx.settings.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    const row = await tx.settings.update({
      where: { id: 1 },
      data: {
        ...(input.singleStep !== undefined ? { approvalSingleStep: input.singleStep } : {}),
        ...(input.escalationDays !== undefined ? { approvalEscalationDays: input.escalationDays } : {}),
      },
    });
    await recordAudit(tx, {
      actor,
      kind: 'settings.approvals',
      entity: 'Settings',
      entityId: '1',
      before: { singleStep: before.approvalSingleStep, escalationDays: before.approvalEscalationDays },
      after: { singleStep: row.approvalSingleStep, escalationDays: row.approvalEscalationDays },
    });
    return { singleStep: row.approvalSingleStep, escalationDays: row.approvalEscalationDays };
  });
  return { message: 'Pengaturan persetujuan disimpan', ...after };
}
