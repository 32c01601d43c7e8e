'use client';
// The admin/HR leave list ('Pengajuan Cuti' on Laporan & Analytics): loads GET /leaves/all itself,
// shows the pending count, and approves or rejects pending requests after a confirmation (with an
// optional note, lib/ui/decide.ts).
import { useCallback, useEffect, useState } from 'react';
import { CalendarDays, Inbox, RefreshCw } from 'lucide-react';
import { LeaveStatusBadge } from '@/features/leave/components/StatusBadge';
import { formatInstant, formatLeaveRange, isPending } from '@/features/leave/components/format';
import { useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { Spinner } from '@/components/ui/Spinner';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { api } from '@/lib/api-client';
import { loadSwal, toast } from '@/lib/ui/alerts';
import { decide, type Decision } from '@/lib/ui/decide';
import { PERMIT_KIND_LABELS, leaveTypeLabel } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';

const ACTIONS = {
  approved: {
    title: 'Setujui Pengajuan',
    text: (name: string) => `Setujui pengajuan cuti dari ${name}?`,
    confirmText: 'Ya, Setujui',
    doneTitle: 'Pengajuan Disetujui',
    doneText: (name: string) => `Pengajuan cuti dari ${name} berhasil disetujui`,
    failTitle: 'Gagal Menyetujui',
  },
  rejected: {
    title: 'Tolak Pengajuan',
    text: (name: string) => `Tolak pengajuan cuti dari ${name}?`,
    confirmText: 'Ya, Tolak',
    doneTitle: 'Pengajuan Ditolak',
    doneText: (name: string) => `Pengajuan cuti dari ${name} telah ditolak`,
    failTitle: 'Gagal Menolak',
  },
} as const;

const nameOf = (l: Partial<LeaveDto>) => l.userName?.trim() || 'Karyawan';

/**
 * SweetAlert2 shows one popup at a time: wait until the page's other dialogs and toasts (e.g. the
 * report's own load toast) are gone rather than replace them; give up after a while.
 */
async function announceWhenIdle(text: string): Promise<void> {
  const Swal = await loadSwal();
  for (let waited = 0; Swal.isVisible(); waited += 250) {
    if (waited >= 8000) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  void toast('info', text, 3000);
}

/**
 * Who may decide a pending request now: its supervisor (or their delegate, who sees it only then) while
 * it awaits the supervisor (atasan), admin or HR too (in the supervisor's place: the server asks for a
 * reason unless the supervisor is away or the step has escalated); then HR or an admin; never its owner
 * (the server decides again).
 */
export function canDecide(l: LeaveDto, me: { id: string; role: string } | null): boolean {
  if (!me || !isPending(l.status) || l.userId === me.id) return false;
  if (me.role === 'admin' || me.role === 'hr') return true;
  return l.awaiting === 'atasan';
}

export function LeaveApprovalList({ announcePending = true, title = 'Pengajuan Cuti' }: { announcePending?: boolean; title?: string }) {
  const timeZone = useOfficeTimezone();
  const { user: me } = useAuth();
  const [leaves, setLeaves] = useState<LeaveDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [busyId, setBusyId] = useState<string | null>(null);
  const pendingCount = leaves.filter((l) => isPending(l.status)).length;

  const load = useCallback(async (announce: boolean) => {
    setLoading(true);
    try {
      const list = await api.get<LeaveDto[]>('/leaves/all');
      const rows = Array.isArray(list) ? list : [];
      setLeaves(rows);
      const pending = rows.filter((l) => isPending(l.status)).length;
      if (announce && pending > 0) void announceWhenIdle(`${pending} pengajuan cuti menunggu persetujuan`);
    } catch {
      void toast('error', 'Gagal memuat data cuti');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(announcePending);
  }, [load, announcePending]);

  const decideLeave = async (leave: LeaveDto, decision: Decision) => {
    if (!leave.id) return void toast('error', 'ID cuti tidak valid');
    const a = ACTIONS[decision];
    const name = nameOf(leave);
    const outcome = await decide<LeaveDto>({
      url: `/leaves/${leave.id}/status`,
      status: decision,
      subject: {
        title: a.title,
        text: a.text(name),
        confirmText: a.confirmText,
        doneTitle: a.doneTitle,
        doneText: a.doneText(name),
        failTitle: a.failTitle,
      },
      withNote: true,
      staleCodes: ['LEAVE_ALREADY_PROCESSED', 'LEAVE_AWAITING_SUPERVISOR'],
      onConfirmed: () => setBusyId(leave.id),
    });
    setBusyId(null);
    // The server's answer in place: after the supervisor's approval the request still waits for HR.
    if (outcome.kind === 'done') setLeaves((rows) => rows.map((r) => (r.id === leave.id ? outcome.answer : r)));
    // Someone else processed it first: show what actually happened.
    else if (outcome.kind === 'failed' && outcome.stale) void load(false);
  };

  const disabled = loading || busyId !== null;

  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="leave-approval-title">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div className="flex items-center gap-3">
          <h2 id="leave-approval-title" className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <span data-testid="leave-pending-count" className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-700">
            {pendingCount} menunggu
          </span>
        </div>
        <button
          type="button"
          onClick={() => void load(true)}
          disabled={disabled}
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
          Refresh
        </button>
      </div>
      {loading && leaves.length === 0 ? (
        <Spinner label="Memuat data cuti..." />
      ) : leaves.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-12 text-slate-500">
          <Inbox className="h-10 w-10 text-slate-300" aria-hidden />
          <p>Belum ada pengajuan cuti</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-busy={loading}>
          {leaves.map((l) => (
            <li
              key={l.id}
              data-testid="leave-approval-item"
              className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-start md:justify-between"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-slate-900">{nameOf(l)}</p>
                  <span className="text-sm text-slate-500">{l.userPosition}</span>
                  <LeaveStatusBadge status={l.status} />
                </div>
                <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
                  <CalendarDays className="h-4 w-4 text-slate-400" aria-hidden />
                  {formatLeaveRange(l.startDate, l.endDate, l.days, l.halfDay)}
                  <span className="rounded bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">
                    {l.leaveTypeName && l.leaveTypeName !== l.type ? l.leaveTypeName : leaveTypeLabel(l.type)}
                  </span>
                  {l.halfDay ? <span className="text-xs text-slate-600">Setengah hari ({l.halfDay})</span> : null}
                  {l.hours ? (
                    <span className="text-xs text-slate-600">
                      {l.hours} jam{l.permitKind ? ` (${PERMIT_KIND_LABELS[l.permitKind].toLowerCase()})` : ''}
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 break-words text-sm text-slate-600">{l.reason}</p>
                {l.filedByName ? (
                  <p className="mt-1 text-xs font-medium text-blue-700">Diajukan oleh {l.filedByName} atas nama karyawan</p>
                ) : null}
                {l.hasAttachment ? (
                  <a
                    href={`/api/leaves/${l.id}/attachment`}
                    target="_blank"
                    rel="noopener"
                    className="mt-1 inline-block text-sm font-medium text-blue-700 underline"
                  >
                    Lihat lampiran
                  </a>
                ) : null}
                {l.steps?.length || l.awaiting ? (
                  <ol data-testid="leave-steps" className="mt-1 text-xs text-slate-600">
                    {l.steps?.map((st, i) => (
                      <li key={i}>
                        {st.step === 'atasan' ? 'Atasan' : st.step === 'hr' ? 'HR/Admin' : 'Pembatalan'}:{' '}
                        {st.decision === 'approve' ? 'disetujui' : st.decision === 'reject' ? 'ditolak' : 'dibatalkan'} oleh {st.actorName}
                        {st.inPlaceOfName ? ` menggantikan ${st.inPlaceOfName}` : ''}, {formatInstant(st.at, timeZone)}
                        {st.note ? ` — ${st.note}` : ''}
                      </li>
                    ))}
                    {l.awaiting ? (
                      <li className="font-medium">
                        {l.awaiting === 'atasan' ? 'Menunggu persetujuan atasan' : 'Menunggu keputusan HR/Admin'}
                      </li>
                    ) : null}
                  </ol>
                ) : null}
                <p className="mt-2 text-xs text-slate-500">
                  Diajukan: {formatInstant(l.appliedAt, timeZone)}
                  {l.processedAt ? ` · Diproses: ${formatInstant(l.processedAt, timeZone)} oleh ${l.processedByName || 'Admin'}` : ''}
                </p>
              </div>
              {canDecide(l, me) ? <DecisionButtons onDecide={(d) => void decideLeave(l, d)} disabled={disabled} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default LeaveApprovalList;
