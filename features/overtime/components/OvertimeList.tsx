'use client';
// One list of overtime for every page: the window, who asked or assigned it, the status, the figures
// once approved, and the actions the viewer may take (accept an assignment; approve or reject).
import { Inbox } from 'lucide-react';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClass } from '@/components/ui/Modal';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import type { Decision } from '@/lib/ui/decide';
import { FiguresLine, OvertimeStatusBadge, windowText } from '@/features/overtime/components/format';
import type { OvertimeDto } from '@/features/overtime/types/overtime';

export type OvertimeAction = { label: string; onClick: (o: OvertimeDto) => void; primary?: boolean };

export function OvertimeList({
  items,
  loading,
  showName,
  actions,
  canDecide,
  onDecide,
  busyId,
}: {
  items: OvertimeDto[];
  loading: boolean;
  showName: boolean;
  /** The viewer's other actions on a row (accept an assignment, withdraw one). */
  actions: (o: OvertimeDto) => OvertimeAction[];
  /** Whether the viewer takes the pending decision on this row: Setujui / Tolak. */
  canDecide?: (o: OvertimeDto) => boolean;
  onDecide?: (o: OvertimeDto, decision: Decision) => void;
  busyId: string | null;
}) {
  if (loading && items.length === 0) return <Spinner label="Memuat data lembur..." />;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-5 py-12 text-slate-600">
        <Inbox className="h-10 w-10 text-slate-300" aria-hidden />
        <p>Belum ada data lembur</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-busy={loading}>
      {items.map((o) => (
        <li key={o.id} data-testid="overtime-item" className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-start md:justify-between">
          <OvertimeDetails o={o} showName={showName} />
          <div className="flex shrink-0 gap-2">
            {onDecide && canDecide?.(o) ? <DecisionButtons onDecide={(d) => onDecide(o, d)} disabled={busyId !== null} /> : null}
            {actions(o).map((a) => (
              <button
                key={a.label}
                type="button"
                onClick={() => a.onClick(o)}
                disabled={busyId !== null}
                className={a.primary ? buttonClass.primary : buttonClass.secondary}
              >
                {a.label}
              </button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What a row says: who, the status, the window, the reason, who filed it, each step with its note, the figures. */
export function OvertimeDetails({ o, showName }: { o: OvertimeDto; showName: boolean }) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        {showName ? <p className="font-semibold text-slate-900">{o.userName}</p> : null}
        <OvertimeStatusBadge o={o} />
        {o.origin === 'assignment' ? (
          <span className="rounded bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800">
            Penugasan {o.createdByName}
            {o.orderNumber ? ` · SPKL ${o.orderNumber}` : ''}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">{windowText(o)}</p>
      <p className="mt-1 break-words text-sm text-slate-600">{o.reason}</p>
      {o.filedByName ? (
        <p className="mt-1 text-xs font-medium text-blue-700">Dicatat oleh HR/Admin {o.filedByName} atas nama karyawan</p>
      ) : null}
      {o.supervisorApprovedByName ? (
        <p className="mt-1 text-xs text-slate-600">
          Atasan: disetujui oleh {o.supervisorApprovedByName}
          {o.supervisorInPlaceOfName ? ` menggantikan ${o.supervisorInPlaceOfName}` : ''}
          {o.supervisorNote ? `: ${o.supervisorNote}` : ''}
        </p>
      ) : null}
      {o.processedByName && o.status !== 'pending' ? (
        <p className="mt-1 text-xs text-slate-600">
          {o.status === 'approved' ? 'Disetujui' : 'Ditolak'} oleh {o.processedByName}
          {o.decisionNote ? `: ${o.decisionNote}` : ''}
        </p>
      ) : null}
      <FiguresLine o={o} />
      {o.convertedAt ? (
        <p className="mt-1 text-xs font-medium text-teal-800" data-testid="overtime-converted">
          Diganti cuti pengganti {o.convertedDays?.toLocaleString('id-ID')} hari (tidak dibayar sebagai lembur)
        </p>
      ) : null}
    </div>
  );
}
