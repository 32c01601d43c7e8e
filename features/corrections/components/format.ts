// Shared text of the correction pages and the histories (docs/daily-close.md).
import { formatDateShort, formatTimeWithZone } from '@/lib/dates';
import { CORRECTION_KIND_LABELS, CORRECTION_STATUS_LABELS, type CorrectionKindValue } from '@/features/corrections/validation/corrections';
import type { CorrectionDto } from '@/features/corrections/types/corrections';

export const statusClass = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
} as const;

export const kindLabel = (k: CorrectionKindValue) => CORRECTION_KIND_LABELS[k];
export const statusLabel = (s: CorrectionDto['status']) => CORRECTION_STATUS_LABELS[s];

/** What the correction asks for, e.g. 'Check-out 17.30 WIB' or 'Dinas luar: Kunjungan klien'. */
export function correctionSummary(c: Pick<CorrectionDto, 'kind' | 'checkInAt' | 'checkOutAt' | 'note' | 'timezone'>): string {
  const parts: string[] = [];
  if (c.checkInAt) parts.push(`Check-in ${formatTimeWithZone(c.checkInAt, c.timezone)}`);
  if (c.checkOutAt) parts.push(`Check-out ${formatTimeWithZone(c.checkOutAt, c.timezone)}`);
  if (c.kind === 'dinas_luar') parts.unshift(`Dinas luar${c.note ? `: ${c.note}` : ''}`);
  if (c.kind === 'sanggah_alpa') parts.unshift('Sanggah tidak hadir');
  return parts.join(', ');
}

/** The trail of a corrected day: who decided, when, why (and who asked). */
export function trailText(
  t: { decidedBy: string | null; decidedAt: string | null; reason: string; requestedBy: string; direct: boolean },
  timeZone: string,
): string {
  const when = t.decidedAt ? `${formatDateShort(t.decidedAt.slice(0, 10))} ${formatTimeWithZone(t.decidedAt, timeZone)}` : '';
  const who = t.direct
    ? `Dikoreksi langsung oleh ${t.decidedBy ?? '-'}`
    : `Dikoreksi atas pengajuan ${t.requestedBy}, disetujui oleh ${t.decidedBy ?? '-'}`;
  return `${who}${when ? `, ${when}` : ''}. Alasan: ${t.reason}`;
}
