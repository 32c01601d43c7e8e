'use client';
// Koreksi Absensi for admin and HR (/admin/corrections, /hr/corrections): every request, pending first
// by filter, approve or reject; an admin also corrects an employee's day directly.
import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { CorrectionForm } from '@/features/corrections/components/CorrectionForm';
import { CorrectionList } from '@/features/corrections/components/CorrectionList';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import type { CorrectionDto } from '@/features/corrections/types/corrections';
import { useLatestRequest } from '@/lib/ui/latest-request';

type Status = '' | 'pending' | 'approved' | 'rejected';

export function StaffCorrections({ canCorrectDirectly }: { canCorrectDirectly: boolean }) {
  const { user } = useAuth();
  const [status, setStatus] = useState<Status>('pending');
  const [items, setItems] = useState<CorrectionDto[]>([]);
  const [loading, setLoading] = useState(true);
  const begin = useLatestRequest();
  const load = useCallback(
    async (s: Status) => {
      const latest = begin();
      setLoading(true);
      try {
        const rows = await latest(api.get<CorrectionDto[]>(`/corrections${s ? `?status=${s}` : ''}`));
        setItems(rows);
      } catch {
        void toast('error', 'Gagal memuat pengajuan koreksi');
      } finally {
        setLoading(false);
      }
    },
    [begin],
  );
  useEffect(() => void load(status), [load, status]);
  return (
    <div className="space-y-6">
      <PageHeader title="Koreksi Absensi" subtitle="Setujui atau tolak pengajuan koreksi absensi karyawan" />
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="correction-requests">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h2 id="correction-requests" className="text-lg font-semibold text-slate-900">
            Pengajuan Koreksi
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Status
            <select
              className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
              value={status}
              onChange={(e) => setStatus(e.target.value as Status)}
            >
              <option value="pending">Menunggu</option>
              <option value="approved">Disetujui</option>
              <option value="rejected">Ditolak</option>
              <option value="">Semua</option>
            </select>
          </label>
        </div>
        <CorrectionList
          items={items}
          loading={loading}
          staff
          currentUserId={user?.id}
          onDecided={(updated) => setItems((rows) => rows.map((r) => (r.id === updated.id ? updated : r)))}
          onStale={() => void load(status)}
        />
      </section>
      {canCorrectDirectly ? (
        <section aria-labelledby="direct-correction" className="space-y-3">
          <h2 id="direct-correction" className="text-lg font-semibold text-slate-900">
            Koreksi Langsung
          </h2>
          <CorrectionForm direct onSaved={() => void load(status)} />
        </section>
      ) : null}
    </div>
  );
}
