'use client';
// Kebijakan Cuti: the yearly grant, eligibility, carry-over and employee cancellation (docs/leave.md).
// Admins save it (from today on; the ledger's past rows stay); HR reads it.
import { useEffect, useState } from 'react';
import { CheckField, Field, NumberField, SelectField, inputClass } from '@/components/ui/Field';
import { useHydrated } from '@/hooks/useHydrated';
import { api, ApiError } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { formatDateShort } from '@/lib/dates';
import {
  ELIGIBILITY_LABELS,
  GRANT_BASIS_LABELS,
  LEAVE_ELIGIBILITIES,
  LEAVE_GRANT_BASES,
  type LeavePolicyInput,
} from '@/features/leave/validation/leave-ledger';
import type { LeavePolicyDto } from '@/features/leave/types/leave-ledger';

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

export function LeavePolicyForm({ editable = false }: { editable?: boolean }) {
  const hydrated = useHydrated();
  const [policy, setPolicy] = useState<LeavePolicyDto | null>(null);
  const [f, setF] = useState<LeavePolicyInput | null>(null);
  const [perMonth, setPerMonth] = useState('');
  const [carry, setCarry] = useState('0');
  const [busy, setBusy] = useState(false);

  const show = (p: LeavePolicyDto) => {
    setPolicy(p);
    setF(p);
    setPerMonth(p.proRataDaysPerMonth == null ? '' : String(p.proRataDaysPerMonth));
    setCarry(String(p.carryOverMaxDays));
  };
  useEffect(() => {
    api.get<LeavePolicyDto>('/settings/leave-policy').then(show, () => toast('error', 'Gagal memuat kebijakan cuti'));
  }, []);

  if (!f || !policy) return <p className="text-sm text-slate-500">Memuat kebijakan cuti…</p>;
  const set = <K extends keyof LeavePolicyInput>(k: K, v: LeavePolicyInput[K]) => setF({ ...f, [k]: v });
  const off = !editable || busy;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const body = {
        ...f,
        proRataDaysPerMonth: perMonth.trim() === '' ? null : Number(perMonth.replace(',', '.')),
        carryOverMaxDays: Number(carry.replace(',', '.') || 0),
      };
      const res = await api.put<{ message: string; policy: LeavePolicyDto }>('/settings/leave-policy', body);
      show(res.policy);
      void toast('success', res.message);
    } catch (err) {
      void toast('error', err instanceof ApiError && err.message ? err.message : 'Gagal menyimpan kebijakan cuti');
    } finally {
      setBusy(false);
    }
  };

  const quota = policy.annualQuota ?? 12;
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="leave-policy-title">
      <h2 id="leave-policy-title" className="text-lg font-semibold text-slate-900">
        Kebijakan Cuti Tahunan
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Perubahan berlaku mulai hari disimpan; riwayat saldo yang sudah tercatat tidak diubah.
        {policy.effectiveFrom ? ` Kebijakan ini berlaku sejak ${formatDateShort(policy.effectiveFrom)}.` : ''}
      </p>
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="lp-basis"
            label="Hak cuti diberikan"
            value={f.grantBasis}
            disabled={off}
            onChange={(e) => set('grantBasis', e.target.value as LeavePolicyInput['grantBasis'])}
          >
            {LEAVE_GRANT_BASES.map((b) => (
              <option key={b} value={b}>
                {GRANT_BASIS_LABELS[b]}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="lp-eligibility"
            label="Syarat hak cuti"
            value={f.eligibility}
            disabled={off}
            onChange={(e) => set('eligibility', e.target.value as LeavePolicyInput['eligibility'])}
          >
            {LEAVE_ELIGIBILITIES.map((b) => (
              <option key={b} value={b}>
                {ELIGIBILITY_LABELS[b]}
              </option>
            ))}
          </SelectField>
          {f.eligibility === 'pro_rata' ? (
            <NumberField
              id="lp-per-month"
              label="Hak cuti per bulan penuh (hari)"
              hint={`Kosongkan untuk ${quota} ÷ 12 hari; dibulatkan ke bawah per setengah hari`}
              min={0.25}
              step={0.25}
              value={perMonth}
              disabled={off}
              onChange={(e) => setPerMonth(e.target.value)}
            />
          ) : null}
          <NumberField
            id="lp-carry"
            label="Sisa cuti yang dapat dibawa (hari)"
            hint="0: sisa cuti hangus di akhir tahun cuti"
            min={0}
            step={0.5}
            value={carry}
            disabled={off}
            onChange={(e) => setCarry(e.target.value)}
          />
          <Field id="lp-exp-day" label="Sisa cuti yang dibawa hangus pada tanggal">
            <div className="flex gap-2">
              <input
                id="lp-exp-day"
                type="number"
                min={1}
                max={31}
                value={f.carryOverExpiryDay}
                disabled={off}
                onChange={(e) => set('carryOverExpiryDay', Number(e.target.value))}
                className={`${inputClass} w-24`}
              />
              <select
                id="lp-exp-month"
                aria-label="Bulan hangus"
                value={f.carryOverExpiryMonth}
                disabled={off}
                onChange={(e) => set('carryOverExpiryMonth', Number(e.target.value))}
                className={inputClass}
              >
                {MONTHS.map((m, i) => (
                  <option key={m} value={i + 1}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
          </Field>
        </div>
        <CheckField
          id="lp-cancel"
          label="Karyawan boleh membatalkan cuti yang sudah disetujui untuk hari yang belum dijalani"
          checked={f.employeeCancelApproved}
          disabled={off}
          onChange={(v) => set('employeeCancelApproved', v)}
        />
        {editable ? (
          <div className="flex justify-end">
            <button
              type="submit"
              disabled={busy || !hydrated}
              className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
            >
              {busy ? 'Menyimpan...' : 'Simpan Kebijakan'}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
