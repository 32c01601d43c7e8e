'use client';
// A list of correction requests: the employee's own (status only), or everyone's for admin and HR with
// Setujui / Tolak on the pending ones (a note may be given; the server decides once, race-free).
import { Check, Inbox, Paperclip, X } from 'lucide-react';
import { Spinner } from '@/components/ui/Spinner';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { alertDialog, loadSwal } from '@/lib/ui/alerts';
import { formatDateLong, formatDateShort, formatTimeWithZone } from '@/lib/dates';
import { correctionSummary, kindLabel, statusClass, statusLabel } from '@/features/corrections/components/format';
import type { CorrectionDto } from '@/features/corrections/types/corrections';

async function askNote(title: string, confirmText: string): Promise<{ note: string } | null> {
  const Swal = await loadSwal();
  const r = await Swal.fire({
    titleText: title,
    input: 'text',
    inputLabel: 'Catatan (opsional)',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: 'Batal',
    confirmButtonColor: '#2563eb',
    reverseButtons: true,
  });
  return r.isConfirmed ? { note: String(r.value ?? '') } : null;
}

export function CorrectionList({
  items,
  loading,
  staff,
  currentUserId,
  onChanged,
}: {
  items: CorrectionDto[];
  loading: boolean;
  staff: boolean;
  currentUserId?: string;
  onChanged: () => void;
}) {
  const decide = async (c: CorrectionDto, status: 'approved' | 'rejected') => {
    const asked = await askNote(
      status === 'approved' ? `Setujui koreksi dari ${c.userName}?` : `Tolak koreksi dari ${c.userName}?`,
      status === 'approved' ? 'Ya, Setujui' : 'Ya, Tolak',
    );
    if (!asked) return;
    try {
      await api.put(`/corrections/${c.id}/status`, { status, note: asked.note });
      void alertDialog(
        'success',
        status === 'approved' ? 'Koreksi Disetujui' : 'Koreksi Ditolak',
        `Pengajuan koreksi dari ${c.userName} telah diproses`,
      );
    } catch (err) {
      void alertDialog('error', 'Gagal Memproses', errorMessage(err, 'Terjadi kesalahan'));
      if (!(err instanceof ApiError && (err.status === 409 || err.status === 404))) return;
    }
    onChanged();
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
          <div className="flex items-center gap-2">
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[c.status]}`}>{statusLabel(c.status)}</span>
            {staff && c.status === 'pending' && c.userId !== currentUserId ? (
              <>
                <button
                  type="button"
                  onClick={() => void decide(c, 'approved')}
                  className="inline-flex items-center gap-1 rounded-lg bg-green-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-green-800"
                >
                  <Check className="h-3 w-3" aria-hidden /> Setujui
                </button>
                <button
                  type="button"
                  onClick={() => void decide(c, 'rejected')}
                  className="inline-flex items-center gap-1 rounded-lg bg-red-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-red-800"
                >
                  <X className="h-3 w-3" aria-hidden /> Tolak
                </button>
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
