'use client';
// The Lembur tab of Persetujuan (docs/overtime.md, "Decisions"): the shared queue (ApprovalQueue) over
// GET /overtime?page&limit&status&month&officeId, each row's Setujui/Tolak in the shared dialog (a note; the
// reason required on Tolak), and Tugaskan Lembur (an assignment, or overtime recorded on the employee's behalf).
import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { api } from '@/lib/api-client';
import type { Decision } from '@/lib/ui/decide';
import { buttonClass } from '@/components/ui/Modal';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { OvertimeDetails } from '@/features/overtime/components/OvertimeList';
import { OvertimeFormModal } from '@/features/overtime/components/OvertimeFormModal';
import { decideOvertime } from '@/features/overtime/components/decide';
import { OVERTIME_STATUS_LABELS, OVERTIME_STATUSES } from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';
import { ApprovalQueue, pageUrl, type QueueRow } from '@/features/approvals/components/ApprovalQueue';

const STATUSES = [
  ...OVERTIME_STATUSES.map((s) => ({ value: s as string, label: OVERTIME_STATUS_LABELS[s] })),
  { value: '', label: 'Semua' },
];

export function OvertimeInbox({ today }: { today: string }) {
  const { user: me } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  const [saved, setSaved] = useState(0);

  // A pending step the viewer may take: HR's, or the supervisor's in their place (the server asks for the
  // reason when the supervisor is neither away nor late); never one's own, never an assignment awaiting consent.
  const canDecide = (o: OvertimeDto) => o.status === 'pending' && o.userId !== me?.id && o.awaiting !== 'karyawan';

  const decideOne = async (o: OvertimeDto, status: Decision, row: QueueRow<OvertimeDto>) => {
    const outcome = await decideOvertime(o, status);
    if (outcome.kind === 'done') row.replace(outcome.answer);
    else if (outcome.kind === 'failed' && outcome.stale) row.reload();
  };

  return (
    <>
      <ApprovalQueue<OvertimeDto>
        key={saved}
        label="Persetujuan lembur"
        noun="pengajuan lembur"
        idPrefix="inbox-overtime"
        statuses={STATUSES}
        defaultStatus="pending"
        url={(f) => pageUrl('/overtime', f, { status: f.status, month: f.month, officeId: f.officeId })}
        canDecide={canDecide}
        nameOf={(o) => `${o.userName} ${o.date}`}
        approveOne={(o, note) => api.put(`/overtime/${o.id}/status`, { status: 'approved', ...(note ? { note } : {}) })}
        testId="inbox-overtime"
        emptyText="Tidak ada pengajuan lembur"
        loadingText="Memuat data lembur..."
        actions={
          <button type="button" onClick={() => setFormOpen(true)} className={buttonClass.secondary}>
            <ClipboardList className="h-4 w-4" aria-hidden />
            Tugaskan Lembur
          </button>
        }
        renderItem={(o, row) => (
          <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
            <OvertimeDetails o={o} showName />
            {canDecide(o) ? <DecisionButtons onDecide={(d) => void decideOne(o, d, row)} /> : null}
          </div>
        )}
      />
      {formOpen ? (
        <OvertimeFormModal
          assignFor={{ self: me?.id }}
          today={today}
          onClose={() => setFormOpen(false)}
          onSaved={() => {
            setFormOpen(false);
            setSaved((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
