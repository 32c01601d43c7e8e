import { route } from '@/lib/server/http';
import { approvalSettingsSchema } from '@/features/approvals/validation/approvals';
import { getApprovalSettings, setApprovalSettings } from '@/features/approvals/server/approval-settings';

export const GET = route({ auth: 'user' }, () => getApprovalSettings());
export const PUT = route({ auth: ['admin', 'hr'], body: approvalSettingsSchema }, ({ user, body }) => setApprovalSettings(user, body));
