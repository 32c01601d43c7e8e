'use client';
// The company's cuti bersama policy (GET /settings → cutiBersamaPolicy, PUT /settings/cuti-bersama-policy):
// saved as soon as another option is chosen.
import { useEffect, useState } from 'react';
import { Panel } from '@/components/ui/StatCard';
import { inputClass } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { CUTI_BERSAMA_POLICIES, CUTI_BERSAMA_POLICY_LABELS } from '@/features/calendar/validation/calendar';
import { announceSaved } from '@/features/periods/components/saved-notice';
import type { PeriodNotice } from '@/features/periods/types/periods';

type Policy = (typeof CUTI_BERSAMA_POLICIES)[number];

export function CutiBersamaPolicy() {
  const [policy, setPolicy] = useState<Policy | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api
      .get<{ cutiBersamaPolicy: Policy }>('/settings')
      .then((s) => setPolicy(s.cutiBersamaPolicy))
      .catch((err) => void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat kebijakan cuti bersama')));
  }, []);

  const change = async (next: Policy) => {
    const before = policy;
    setPolicy(next);
    setSaving(true);
    try {
      const res = await api.put<{ periodNotice: PeriodNotice | null }>('/settings/cuti-bersama-policy', { cutiBersamaPolicy: next });
      announceSaved({
        title: 'Berhasil Disimpan',
        text: 'Kebijakan cuti bersama berhasil disimpan',
        notice: res.periodNotice,
        asToast: true,
      });
    } catch (err) {
      setPolicy(before);
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan kebijakan cuti bersama'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel title="Kebijakan Cuti Bersama">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="cuti-bersama-policy" className="text-sm font-medium text-slate-700">
          Pada hari cuti bersama, karyawan:
        </label>
        <select
          id="cuti-bersama-policy"
          className={`${inputClass} sm:w-80`}
          value={policy ?? ''}
          onChange={(e) => void change(e.target.value as Policy)}
          disabled={saving || !policy}
        >
          {policy ? null : <option value="">Memuat...</option>}
          {CUTI_BERSAMA_POLICIES.map((p) => (
            <option key={p} value={p}>
              {CUTI_BERSAMA_POLICY_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Cuti bersama dihitung sebagai hari libur kecuali kebijakannya &quot;{CUTI_BERSAMA_POLICY_LABELS.masuk}&quot;.
      </p>
    </Panel>
  );
}
