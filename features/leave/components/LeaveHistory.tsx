import { CalendarDays, Inbox } from 'lucide-react';
import { LeaveStatusBadge } from '@/features/leave/components/StatusBadge';
import { formatInstant, formatLeaveRange } from '@/features/leave/components/format';
import { leaveTypeLabel } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';
import { Spinner } from '@/components/ui/Spinner';

/**
 * `onCancel`: the employee withdraws a pending request; `onCancelApproved` (only when the leave policy lets
 * employees cancel approved leave): the days after `today` of an approved leave are cancelled.
 */
export function LeaveHistory({
  leaves,
  loading,
  timeZone,
  onCancel,
  onCancelApproved,
  today,
}: {
  leaves: LeaveDto[];
  loading: boolean;
  timeZone: string;
  onCancel?: (leave: LeaveDto) => void;
  onCancelApproved?: (leave: LeaveDto) => void;
  today?: string;
}) {
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="leave-history-title">
      <h2 id="leave-history-title" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
        Riwayat Pengajuan
      </h2>
      {loading && leaves.length === 0 ? (
        <Spinner label="Memuat pengajuan cuti..." />
      ) : leaves.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-12 text-slate-500">
          <Inbox className="h-10 w-10 text-slate-300" aria-hidden />
          <p>Belum ada pengajuan</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leaves.map((l) => (
            <li key={l.id} data-testid="leave-item" className="px-5 py-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">{leaveTypeLabel(l.type)}</p>
                <LeaveStatusBadge status={l.status} />
              </div>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
                <CalendarDays className="h-4 w-4 text-slate-400" aria-hidden />
                {formatLeaveRange(l.startDate, l.endDate, l.days, l.halfDay)}
              </p>
              <p className="mt-1 break-words text-sm text-slate-600">{l.reason}</p>
              {l.filedByName ? (
                <p data-testid="leave-filed-by" className="mt-1 text-xs font-medium text-blue-700">
                  Diajukan oleh HR/Admin {l.filedByName} atas nama Anda
                </p>
              ) : null}
              {l.steps?.filter((st) => st.note).length ? (
                <ul data-testid="leave-notes" className="mt-1 text-xs text-slate-600">
                  {l.steps
                    .filter((st) => st.note)
                    .map((st, i) => (
                      <li key={i}>
                        {st.decision === 'reject' ? 'Alasan penolakan' : st.decision === 'cancel' ? 'Catatan pembatalan' : 'Catatan'} dari{' '}
                        {st.actorName}: {st.note}
                      </li>
                    ))}
                </ul>
              ) : null}
              <p className="mt-2 text-xs text-slate-500">
                Diajukan: {formatInstant(l.appliedAt, timeZone)}
                {l.processedAt
                  ? ` · Diproses: ${formatInstant(l.processedAt, timeZone)}${l.processedByName ? ` oleh ${l.processedByName}` : ''}`
                  : ''}
              </p>
              {l.awaiting ? (
                <p className="mt-1 text-xs font-medium text-amber-700">
                  {l.awaiting === 'atasan' ? 'Menunggu persetujuan atasan' : 'Menunggu keputusan HR/Admin'}
                </p>
              ) : null}
              {onCancelApproved && today && l.status === 'approved' && l.endDate > today ? (
                <button
                  type="button"
                  onClick={() => onCancelApproved(l)}
                  className="mt-2 rounded-lg border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                >
                  {l.startDate > today ? 'Batalkan Cuti' : 'Batalkan Sisa Cuti'}
                </button>
              ) : null}
              {onCancel && l.status === 'pending' ? (
                <button
                  type="button"
                  onClick={() => onCancel(l)}
                  className="mt-2 rounded-lg border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
                >
                  Batalkan Pengajuan
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
