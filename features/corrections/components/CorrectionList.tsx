'use client';
// A list of correction requests: the employee's own (status only), or everyone's for admin and HR with
// Setujui / Tolak on the pending ones (a note may be given, lib/ui/decide.ts; the server decides once,
// race-free). A decision's answer replaces its row; a request decided elsewhere meanwhile reloads the list.
import { Inbox, Paperclip } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { DecisionButtons } from '@/components/ui/DecisionButtons';
import { decide, type Decision, type DecisionOutcome } from '@/lib/ui/decide';
import { formatDateLong, formatDateShort, formatTimeWithZone } from '@/lib/dates';
import { correctionSummary, kindLabel, statusClass, statusLabel } from '@/features/corrections/components/format';
import type { CorrectionDto } from '@/features/corrections/types/corrections';

export function CorrectionList({
  items,
  loading,
  staff,
  currentUserId,
  onDecided,
  onStale,
}: {
  items: CorrectionDto[];
  loading: boolean;
  staff: boolean;
  currentUserId?: string;
  /** A decision's answer: the request as it now stands. */
  onDecided?: (updated: CorrectionDto) => void;
  /** The request was decided by someone else meanwhile, or is gone: reload. */
  onStale?: () => void;
}) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const decideOne = async (c: CorrectionDto, status: Decision) => {
    const outcome = await decideCorrection(c, status, () => setBusyId(c.id));
    setBusyId(null);
    if (outcome.kind === 'done') onDecided?.(outcome.answer);
    else if (outcome.kind === 'failed' && outcome.stale) onStale?.();
  };

  if (loading) return <Spinner label="Memuat pengajuan koreksi..." />;
  if (!items.length)
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center text-slate-500">
        <Inbox className="h-10 w-10" aria-hidden />
        <p className="font-semibold text-slate-700">Belum ada pengajuan koreksi</p>
      </div>
    );
  return (
    <ul className="divide-y divide-slate-100" aria-label="Daftar pengajuan koreksi">
      {items.map((c) => (
        <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 px-4 py-3" data-testid="correction-row">
          <CorrectionDetails c={c} staff={staff} />
          <div className="flex items-center gap-2">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[c.status]}`}>{statusLabel(c.status)}</span>
            {staff && c.status === 'pending' && c.userId !== currentUserId ? (
              <DecisionButtons onDecide={(d) => void decideOne(c, d)} disabled={busyId !== null} />
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** One decision on a correction in the shared dialog (lib/ui/decide.ts): a note, the reason required on Tolak. */
export function decideCorrection(c: CorrectionDto, status: Decision, onConfirmed?: () => void): Promise<DecisionOutcome<CorrectionDto>> {
  const approve = status === 'approved';
  return decide<CorrectionDto>({
    url: `/corrections/${c.id}/status`,
    status,
    subject: {
      title: approve ? `Setujui koreksi dari ${c.userName}?` : `Tolak koreksi dari ${c.userName}?`,
      confirmText: approve ? 'Ya, Setujui' : 'Ya, Tolak',
      doneTitle: approve ? 'Koreksi Disetujui' : 'Koreksi Ditolak',
      doneText: `Pengajuan koreksi dari ${c.userName} telah diproses`,
      failTitle: 'Gagal Memproses',
    },
    withNote: true,
    staleCodes: ['CORRECTION_ALREADY_PROCESSED'],
    onConfirmed,
  });
}

/** What a row says: whose day, what is corrected, the reason, who asked and who decided with the note, the attachment. */
export function CorrectionDetails({ c, staff }: { c: CorrectionDto; staff: boolean }) {
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <p className="font-semibold text-slate-900">
        {staff ? `${c.userName} · ` : ''}
        {formatDateLong(c.date)}
      </p>
      <p className="text-slate-700">
        {kindLabel(c.kind)}
        {correctionSummary(c) ? ` — ${correctionSummary(c)}` : ''}
      </p>
      <p className="text-slate-600">Alasan: {c.reason}</p>
      <p className="text-xs text-slate-500">
        Diajukan {c.direct ? 'langsung ' : ''}oleh {c.requestedBy}, {formatDateShort(c.requestedAt.slice(0, 10))}{' '}
        {formatTimeWithZone(c.requestedAt, c.timezone)}
        {c.decidedBy && c.decidedAt
          ? ` · ${statusLabel(c.status)} oleh ${c.decidedBy}, ${formatDateShort(c.decidedAt.slice(0, 10))} ${formatTimeWithZone(c.decidedAt, c.timezone)}`
          : ''}
        {c.decisionNote ? ` · Catatan: ${c.decisionNote}` : ''}
      </p>
      {c.hasAttachment ? (
        <a
          href={`/api/corrections/${c.id}/attachment`}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 text-xs font-medium text-blue-700 underline"
        >
          <Paperclip className="h-3 w-3" aria-hidden /> Lihat lampiran
        </a>
      ) : null}
    </div>
  );
}
