'use client';
// The Cuti tab of Persetujuan (docs/leave.md, "Persetujuan"): the shared queue (ApprovalQueue: filters,
// pages from GET /leaves/all with X-Total-Count, bulk approval) with each request's steps and routing, its
// own Setujui/Tolak (a note; the reason required on Tolak), and the team calendar of the leave's month
// beside it so overlaps are seen.
import { useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { api } from '@/lib/api-client';
import { decide, type Decision } from '@/lib/ui/decide';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { LeaveStatusBadge } from '@/features/leave/components/StatusBadge';
import { TeamLeaveCalendar } from '@/features/leave/components/TeamLeaveCalendar';
import { canDecide } from '@/features/leave/components/LeaveApprovalList';
import { formatLeaveRange } from '@/features/leave/components/format';
import { LEAVE_STATUSES, type LeaveStatus } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';
import { ApprovalQueue, pageUrl, type QueueRow } from '@/features/approvals/components/ApprovalQueue';

const STATUS_LABELS: Record<LeaveStatus, string> = {
  pending: 'Menunggu',
  approved: 'Disetujui',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
};
export const LEAVE_QUEUE_STATUSES = [
  ...LEAVE_STATUSES.map((s) => ({ value: s as string, label: STATUS_LABELS[s] })),
  { value: '', label: 'Semua' },
];

function Routing({ l }: { l: LeaveDto }) {
  if (!l.routing) return null;
  const r = l.routing;
  const text = r.delegateName
    ? `Atasan diwakili ${r.delegateName}`
    : r.supervisorAway
      ? 'Atasan sedang cuti: langkahnya dialihkan ke HR'
      : r.escalated
        ? 'Perlu Tinjauan: menunggu atasan melewati batas, dialihkan ke HR'
        : null;
  return text ? <p className="mt-1 text-xs font-semibold text-amber-700">{text}</p> : null;
}

export function LeaveInbox({ month: initialMonth }: { month: string }) {
  const { user: me } = useAuth();
  const [calendarOf, setCalendarOf] = useState<string | null>(null);

  const decideOne = async (l: LeaveDto, decision: Decision, row: QueueRow<LeaveDto>) => {
    const verb = decision === 'approved' ? 'Setujui' : 'Tolak';
    const outcome = await decide<LeaveDto>({
      url: `/leaves/${l.id}/status`,
      status: decision,
      subject: {
        title: `${verb} Pengajuan`,
        text: `${verb} pengajuan cuti dari ${l.userName}?`,
        confirmText: `Ya, ${verb}`,
        doneTitle: decision === 'approved' ? 'Pengajuan Disetujui' : 'Pengajuan Ditolak',
        failTitle: decision === 'approved' ? 'Gagal Menyetujui' : 'Gagal Menolak',
      },
      staleCodes: ['LEAVE_ALREADY_PROCESSED'],
    });
    if (outcome.kind !== 'cancelled') row.reload();
  };

  return (
    <ApprovalQueue<LeaveDto>
      label="Persetujuan cuti"
      noun="pengajuan cuti"
      idPrefix="inbox-leave"
      statuses={LEAVE_QUEUE_STATUSES}
      defaultStatus="pending"
      url={(f) => pageUrl('/leaves/all', f, { status: f.status, month: f.month, officeId: f.officeId })}
      canDecide={(l) => canDecide(l, me)}
      nameOf={(l) => l.userName}
      approveOne={(l, note) => api.put(`/leaves/${l.id}/status`, { status: 'approved', ...(note ? { note } : {}) })}
      testId="inbox-leave"
      emptyText="Tidak ada pengajuan cuti"
      loadingText="Memuat data cuti..."
      renderItem={(l, row) => (
        <>
          <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {l.userName} <span className="text-sm font-normal text-slate-500">{l.leaveTypeName}</span>
                <LeaveStatusBadge status={l.status} />
              </p>
              <p className="text-sm text-slate-700">{formatLeaveRange(l.startDate, l.endDate, l.days, l.halfDay)}</p>
              <p className="break-words text-sm text-slate-600">{l.reason}</p>
              {l.filedByName ? <p className="text-xs font-medium text-blue-700">Diajukan oleh {l.filedByName} atas nama karyawan</p> : null}
              {l.steps.map((st, i) => (
                <p key={i} className="text-xs text-slate-600">
                  {st.step === 'atasan' ? 'Atasan' : st.step === 'hr' ? 'HR/Admin' : 'Pembatalan'}:{' '}
                  {st.decision === 'reject' ? 'ditolak' : 'disetujui'} oleh {st.actorName}
                  {st.inPlaceOfName ? ` menggantikan ${st.inPlaceOfName}` : ''}
                  {st.note ? ` — ${st.note}` : ''}
                </p>
              ))}
              {l.awaiting ? (
                <p className="text-xs font-medium text-amber-700">
                  {l.awaiting === 'atasan' ? 'Menunggu persetujuan atasan' : 'Menunggu keputusan HR/Admin'}
                </p>
              ) : null}
              <Routing l={l} />
              <div className="mt-1 flex gap-3 text-sm">
                {l.hasAttachment ? (
                  <a href={`/api/leaves/${l.id}/attachment`} target="_blank" rel="noopener" className="font-medium text-blue-700 underline">
                    Lihat lampiran
                  </a>
                ) : null}
                <button
                  type="button"
                  onClick={() => setCalendarOf(calendarOf === l.id ? null : l.id)}
                  className="inline-flex items-center gap-1 font-medium text-blue-700 underline"
                  aria-expanded={calendarOf === l.id}
                >
                  <CalendarDays className="h-4 w-4" aria-hidden /> Kalender tim
                </button>
              </div>
            </div>
            {canDecide(l, me) ? <DecisionButtons onDecide={(d) => void decideOne(l, d, row)} /> : null}
          </div>
          {calendarOf === l.id ? (
            <div className="mt-3">
              <TeamLeaveCalendar initialMonth={l.startDate.slice(0, 7) || initialMonth} />
            </div>
          ) : null}
        </>
      )}
    />
  );
}
