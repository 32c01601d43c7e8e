'use client';
// Approve or reject one overtime (admin, HR, a supervisor; the server decides who may), or withdraw an
// assignment (reject): the shared decision dialog (lib/ui/decide.ts) in overtime's words.
import { decide, type Decision, type DecisionOutcome } from '@/lib/ui/decide';
import type { OvertimeDto } from '@/features/overtime/types/overtime';

export function decideOvertime(o: OvertimeDto, status: Decision, onConfirmed?: () => void): Promise<DecisionOutcome<OvertimeDto>> {
  const approve = status === 'approved';
  return decide<OvertimeDto>({
    url: `/overtime/${o.id}/status`,
    status,
    subject: {
      title: approve ? 'Setujui Lembur' : o.origin === 'assignment' ? 'Batalkan Penugasan' : 'Tolak Lembur',
      text: `${approve ? 'Setujui' : 'Tolak'} lembur ${o.userName} tanggal ${o.date} ${o.startTime}–${o.endTime}?`,
      confirmText: approve ? 'Ya, Setujui' : 'Ya, Tolak',
      doneTitle: approve ? 'Lembur Disetujui' : 'Lembur Ditolak',
      failTitle: approve ? 'Gagal Menyetujui' : 'Gagal Menolak',
    },
    withNote: true,
    staleCodes: ['OVERTIME_ALREADY_PROCESSED', 'OVERTIME_AWAITING_SUPERVISOR', 'OVERTIME_AWAITING_CONSENT'],
    onConfirmed,
  });
}
