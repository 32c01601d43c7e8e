'use client';
// The Koreksi tab of Persetujuan (docs/daily-close.md, corrections): the shared queue (ApprovalQueue) over
// GET /corrections?page&limit&status&month&officeId, each row's Setujui/Tolak in the shared dialog (a note;
// the reason required on Tolak), and Koreksi Langsung: HR or admin correcting an employee's day at once.
import { useState } from 'react';
import { api } from '@/lib/api-client';
import type { Decision } from '@/lib/ui/decide';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { CorrectionDetails, decideCorrection } from '@/features/corrections/components/CorrectionList';
import { CorrectionForm } from '@/features/corrections/components/CorrectionForm';
import { statusClass, statusLabel } from '@/features/corrections/components/format';
import { CORRECTION_STATUS_LABELS } from '@/features/corrections/validation/corrections';
import type { CorrectionDto } from '@/features/corrections/types/corrections';
import { ApprovalQueue, pageUrl, type QueueRow } from '@/features/approvals/components/ApprovalQueue';

const STATUSES = [
  ...Object.entries(CORRECTION_STATUS_LABELS).map(([value, label]) => ({ value, label: label as string })),
  { value: '', label: 'Semua' },
];

export function CorrectionInbox() {
  const { user: me } = useAuth();
  const [saved, setSaved] = useState(0);

  const canDecide = (c: CorrectionDto) => c.status === 'pending' && c.userId !== me?.id;
  const decideOne = async (c: CorrectionDto, status: Decision, row: QueueRow<CorrectionDto>) => {
    const outcome = await decideCorrection(c, status);
    if (outcome.kind === 'done') row.replace(outcome.answer);
    else if (outcome.kind === 'failed' && outcome.stale) row.reload();
  };

  return (
    <div className="space-y-6">
      <ApprovalQueue<CorrectionDto>
        key={saved}
        label="Persetujuan koreksi"
        noun="pengajuan koreksi"
        idPrefix="inbox-correction"
        statuses={STATUSES}
        defaultStatus="pending"
        url={(f) => pageUrl('/corrections', f, { status: f.status, month: f.month, officeId: f.officeId })}
        canDecide={canDecide}
        nameOf={(c) => `${c.userName} ${c.date}`}
        approveOne={(c, note) => api.put(`/corrections/${c.id}/status`, { status: 'approved', ...(note ? { note } : {}) })}
        testId="inbox-correction"
        emptyText="Tidak ada pengajuan koreksi"
        loadingText="Memuat pengajuan koreksi..."
        renderItem={(c, row) => (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <CorrectionDetails c={c} staff />
            <div className="flex items-center gap-2">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[c.status]}`}>{statusLabel(c.status)}</span>
              {canDecide(c) ? <DecisionButtons onDecide={(d) => void decideOne(c, d, row)} /> : null}
            </div>
          </div>
        )}
      />
      <section aria-labelledby="direct-correction" className="space-y-3">
        <h2 id="direct-correction" className="text-lg font-semibold text-slate-900">
          Koreksi Langsung
        </h2>
        <CorrectionForm direct onSaved={() => setSaved((n) => n + 1)} />
      </section>
    </div>
  );
}
