'use client';
// The Cuti tab of Persetujuan (docs/leave.md, "Persetujuan"): the approval list one page at a time from
// GET /leaves/all?page&limit&status&month&officeId (the total from X-Total-Count), each pending request
// decidable (Setujui, or Tolak with its required reason), several approved at once after one confirmation,
// and the team calendar of the leave's month beside it so overlaps are seen.
import { useCallback, useEffect, useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { decide, type Decision } from '@/lib/ui/decide';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { inputClass } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import { Pagination, DEFAULT_PAGE_SIZE } from '@/features/attendance/components/Pagination';
import { readPageInfo } from '@/features/attendance/lib/history-pages';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { LeaveStatusBadge } from '@/features/leave/components/StatusBadge';
import { TeamLeaveCalendar } from '@/features/leave/components/TeamLeaveCalendar';
import { canDecide } from '@/features/leave/components/LeaveApprovalList';
import { formatLeaveRange } from '@/features/leave/components/format';
import { LEAVE_STATUSES, type LeaveStatus } from '@/features/leave/validation/leave';
import type { LeaveDto } from '@/features/leave/types/leave';

const STATUS_LABELS: Record<LeaveStatus, string> = {
  pending: 'Menunggu',
  approved: 'Disetujui',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
};

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
  const offices = useOfficeOptions();
  const [status, setStatus] = useState<LeaveStatus | ''>('pending');
  const [month, setMonth] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [rows, setRows] = useState<LeaveDto[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [calendarOf, setCalendarOf] = useState<string | null>(null);
  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    const q = new URLSearchParams({ page: String(page), limit: String(size) });
    if (status) q.set('status', status);
    if (month) q.set('month', month);
    if (officeId) q.set('officeId', officeId);
    try {
      const res = await latest(api.getWithHeaders<LeaveDto[]>(`/leaves/all?${q}`));
      setRows(res.data);
      setTotal(readPageInfo(res.headers)?.total ?? res.data.length);
      setPicked(new Set());
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal memuat data cuti'));
    } finally {
      setLoading(false);
    }
  }, [begin, page, size, status, month, officeId]);

  useEffect(() => {
    void load();
  }, [load]);

  const decideOne = async (l: LeaveDto, decision: Decision) => {
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
    if (outcome.kind !== 'cancelled') void load();
  };

  const approvePicked = async () => {
    const chosen = rows.filter((r) => picked.has(r.id));
    const ok = await confirmDialog({
      title: 'Setujui Terpilih',
      text: `Setujui ${chosen.length} pengajuan cuti sekaligus?`,
      confirmText: 'Ya, Setujui',
    });
    if (!ok) return;
    const failures: string[] = [];
    for (const l of chosen) {
      try {
        await api.put(`/leaves/${l.id}/status`, { status: 'approved' });
      } catch (err) {
        failures.push(`${l.userName}: ${errorMessage(err, 'gagal')}`);
      }
    }
    const done = chosen.length - failures.length;
    void alertDialog(failures.length ? 'warning' : 'success', `${done} dari ${chosen.length} disetujui`, failures.join('\n') || undefined);
    void load();
  };

  const toggle = (id: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filter = (fn: () => void) => {
    fn();
    setPage(1);
  };

  return (
    <section aria-label="Persetujuan cuti" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3">
        <label className="text-sm text-slate-700">
          Status
          <select
            aria-label="Status"
            className={inputClass}
            value={status}
            onChange={(e) => filter(() => setStatus(e.target.value as LeaveStatus | ''))}
          >
            <option value="">Semua</option>
            {LEAVE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-700">
          Bulan
          <input
            aria-label="Bulan"
            type="month"
            className={inputClass}
            value={month}
            onChange={(e) => filter(() => setMonth(e.target.value))}
          />
        </label>
        <label className="text-sm text-slate-700">
          Kantor
          <OfficeSelect
            id="inbox-office"
            value={officeId}
            offices={offices}
            onChange={(v) => filter(() => setOfficeId(v))}
            className={inputClass}
          />
        </label>
        <button
          type="button"
          onClick={() => void approvePicked()}
          disabled={picked.size === 0 || loading}
          className="ml-auto rounded-lg bg-green-600 px-3 py-2 text-sm font-semibold text-white hover:bg-green-700 disabled:opacity-50"
        >
          Setujui Terpilih ({picked.size})
        </button>
      </div>
      {loading && rows.length === 0 ? (
        <Spinner label="Memuat data cuti..." />
      ) : rows.length === 0 ? (
        <p className="px-5 py-10 text-center text-slate-500">Tidak ada pengajuan cuti</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-busy={loading}>
          {rows.map((l) => (
            <li key={l.id} data-testid="inbox-leave" className="px-4 py-3">
              <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
                <div className="flex min-w-0 flex-1 gap-3">
                  {canDecide(l, me) ? (
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4"
                      aria-label={`Pilih ${l.userName}`}
                      checked={picked.has(l.id)}
                      onChange={() => toggle(l.id)}
                    />
                  ) : null}
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {l.userName} <span className="text-sm font-normal text-slate-500">{l.leaveTypeName}</span>
                      <LeaveStatusBadge status={l.status} />
                    </p>
                    <p className="text-sm text-slate-700">{formatLeaveRange(l.startDate, l.endDate, l.days)}</p>
                    <p className="break-words text-sm text-slate-600">{l.reason}</p>
                    {l.filedByName ? (
                      <p className="text-xs font-medium text-blue-700">Diajukan oleh {l.filedByName} atas nama karyawan</p>
                    ) : null}
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
                        <a
                          href={`/api/leaves/${l.id}/attachment`}
                          target="_blank"
                          rel="noopener"
                          className="font-medium text-blue-700 underline"
                        >
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
                </div>
                {canDecide(l, me) ? <DecisionButtons onDecide={(d) => void decideOne(l, d)} disabled={loading} /> : null}
              </div>
              {calendarOf === l.id ? (
                <div className="mt-3">
                  <TeamLeaveCalendar initialMonth={l.startDate.slice(0, 7) || initialMonth} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} size={size} onPage={setPage} onSize={(s) => filter(() => setSize(s))} />
    </section>
  );
}
