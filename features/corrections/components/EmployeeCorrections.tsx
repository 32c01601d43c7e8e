'use client';
// Koreksi Absensi (/employee/corrections): the request form (prefilled from the history's "Ajukan
// Koreksi" link: ?date=…&kind=…) and the employee's own requests with their status.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'next/navigation';
import { PageHeader } from '@/components/ui/PageHeader';
import { CorrectionForm } from '@/features/corrections/components/CorrectionForm';
import { CorrectionList } from '@/features/corrections/components/CorrectionList';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { CORRECTION_KINDS, type CorrectionKindValue } from '@/features/corrections/validation/corrections';
import type { CorrectionDto } from '@/features/corrections/types/corrections';

export function EmployeeCorrections() {
  const params = useSearchParams();
  const kind = params.get('kind');
  const prefill = {
    date: params.get('date') ?? undefined,
    kind: (CORRECTION_KINDS as readonly string[]).includes(kind ?? '') ? (kind as CorrectionKindValue) : undefined,
  };
  const [items, setItems] = useState<CorrectionDto[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      setItems(await api.get<CorrectionDto[]>('/corrections'));
    } catch {
      void toast('error', 'Gagal memuat pengajuan koreksi');
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Koreksi Absensi"
        subtitle="Ajukan koreksi untuk jam yang terlewat, dinas luar, atau hari yang tercatat tidak hadir"
      />
      <CorrectionForm prefill={prefill} onSaved={() => void load()} />
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="my-corrections">
        <h2 id="my-corrections" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold text-slate-900">
          Pengajuan Saya
        </h2>
        <CorrectionList items={items} loading={loading} staff={false} />
      </section>
    </div>
  );
}
