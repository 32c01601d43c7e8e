'use client';
// Persetujuan (/admin/approvals, /hr/approvals; docs/leave.md, "Persetujuan"): one inbox with a tab per kind
// of request, each the same queue (ApprovalQueue: filters status, month, office; pages from the server with
// the total; bulk approval; a note on each decision, the reason required on a rejection): Cuti (with the team
// calendar beside a decision), Lembur (with Tugaskan Lembur), Koreksi (with Koreksi Langsung) and Perlu
// Tinjauan (the flagged attendance). Admin and HR may also file a leave for an employee from here (OnBehalfLeave).
import { useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { LeaveInbox } from '@/features/approvals/components/LeaveInbox';
import { OnBehalfLeave } from '@/features/approvals/components/OnBehalfLeave';
import { OvertimeInbox } from '@/features/approvals/components/OvertimeInbox';
import { CorrectionInbox } from '@/features/approvals/components/CorrectionInbox';
import { ReviewInbox } from '@/features/approvals/components/ReviewInbox';

const TABS = [
  { key: 'cuti', label: 'Cuti' },
  { key: 'lembur', label: 'Lembur' },
  { key: 'koreksi', label: 'Koreksi' },
  { key: 'tinjauan', label: 'Perlu Tinjauan' },
] as const;
type Tab = (typeof TABS)[number]['key'];

export function ApprovalsInbox({ today }: { area?: 'admin' | 'hr'; today: string }) {
  const [tab, setTab] = useState<Tab>('cuti');
  // A leave filed on someone's behalf: the Cuti list loads again (a new key).
  const [filed, setFiled] = useState(0);
  return (
    <div className="space-y-4">
      <PageHeader
        title="Persetujuan"
        subtitle="Cuti, lembur, koreksi dan absensi yang menunggu keputusan"
        actions={<OnBehalfLeave today={today} onFiled={() => (setTab('cuti'), setFiled((n) => n + 1))} />}
      />
      <div role="tablist" aria-label="Jenis pengajuan" className="flex flex-wrap gap-2 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            onClick={() => setTab(t.key)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === t.key ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS.find((t) => t.key === tab)!.label}>
        {tab === 'cuti' ? <LeaveInbox key={filed} month={today.slice(0, 7)} /> : null}
        {tab === 'lembur' ? <OvertimeInbox today={today} /> : null}
        {tab === 'koreksi' ? <CorrectionInbox /> : null}
        {tab === 'tinjauan' ? <ReviewInbox /> : null}
      </div>
    </div>
  );
}
