import { leaveStatusView } from '@/features/leave/components/format';

export function LeaveStatusBadge({ status }: { status: string | null | undefined }) {
  const view = leaveStatusView(status);
  return (
    <span
      data-testid="leave-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${view.className}`}
    >
      {view.label}
    </span>
  );
}
