'use client';
// Approve or reject one overtime after a confirmation (admin, HR, a supervisor); the server decides who may.
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog } from '@/lib/ui/alerts';
import type { OvertimeDto } from '@/features/overtime/types/overtime';

export async function decideOvertime(o: OvertimeDto, status: 'approved' | 'rejected'): Promise<boolean> {
  const approve = status === 'approved';
  const ok = await confirmDialog({
    title: approve ? 'Setujui Lembur' : o.origin === 'assignment' ? 'Batalkan Penugasan' : 'Tolak Lembur',
    text: `${approve ? 'Setujui' : 'Tolak'} lembur ${o.userName} tanggal ${o.workDate} ${o.startTime}–${o.endTime}?`,
    confirmText: approve ? 'Ya, Setujui' : 'Ya, Tolak',
    icon: 'question',
  });
  if (!ok) return false;
  try {
    await api.put(`/overtime/${o.id}/status`, { status });
    void alertDialog('success', approve ? 'Lembur Disetujui' : 'Lembur Ditolak');
    return true;
  } catch (err) {
    void alertDialog('error', approve ? 'Gagal Menyetujui' : 'Gagal Menolak', errorMessage(err, 'Terjadi kesalahan'));
    return true;
  }
}
