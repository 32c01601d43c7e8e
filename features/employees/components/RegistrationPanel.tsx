'use client';
// Pendaftaran Akun (on Kelola Karyawan, admin): who may self-register, and the accounts waiting for
// approval under the 'approval' policy (Setujui; Tolak deletes the account); whether imported people get the
// default password or only an activation link (Settings.defaultPasswordOnboarding, docs/onboarding.md).
import { useCallback, useEffect, useState } from 'react';
import { Check, Save, UserX } from 'lucide-react';
import { CheckField, SelectField, TextField } from '@/components/ui/Field';
import { useHydrated } from '@/hooks/useHydrated';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { formatDateShort } from '@/lib/dates';
import { REGISTRATION_POLICIES, REGISTRATION_POLICY_LABELS, type RegistrationPolicy } from '@/features/employees/validation/registration';
import type { PendingAccountDto, RegistrationPolicyDto } from '@/features/employees/types/registration';

export function RegistrationPanel({ onChanged }: { onChanged: () => void }) {
  const hydrated = useHydrated();
  const [policy, setPolicy] = useState<RegistrationPolicy>('open');
  const [domains, setDomains] = useState('');
  const [defaultPassword, setDefaultPassword] = useState(true);
  const [pending, setPending] = useState<PendingAccountDto[]>([]);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const [p, list] = await Promise.all([
        api.get<RegistrationPolicyDto>('/settings/registration'),
        api.get<PendingAccountDto[]>('/users/pending'),
      ]);
      setPolicy(p.policy);
      setDomains(p.domains.join(', '));
      setDefaultPassword(p.defaultPasswordOnboarding);
      setPending(list);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal memuat pengaturan pendaftaran'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const list = domains.split(/[\s,]+/).filter(Boolean);
      const res = await api.put<RegistrationPolicyDto & { message: string }>('/settings/registration', {
        policy,
        domains: list,
        defaultPasswordOnboarding: defaultPassword,
      });
      setDomains(res.domains.join(', '));
      void toast('success', res.message, 2000);
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan kebijakan pendaftaran'));
    } finally {
      setSaving(false);
    }
  };

  const approve = async (u: PendingAccountDto) => {
    try {
      const res = await api.post<{ message: string }>(`/users/${u.id}/approve`);
      void toast('success', res.message, 2000);
      await load();
      onChanged();
    } catch (err) {
      void alertDialog('error', 'Gagal Menyetujui', errorMessage(err, 'Gagal menyetujui akun'));
    }
  };

  const refuse = async (u: PendingAccountDto) => {
    if (
      !(await confirmDialog({ title: 'Tolak Pendaftaran', text: `Tolak dan hapus akun ${u.name} (${u.email})?`, confirmText: 'Ya, Tolak' }))
    )
      return;
    try {
      await api.delete(`/users/${u.id}`);
      void toast('success', `Pendaftaran ${u.name} ditolak`, 2000);
      await load();
    } catch (err) {
      void alertDialog('error', 'Gagal Menolak', errorMessage(err, 'Gagal menolak pendaftaran'));
    }
  };

  return (
    <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="registration-title">
      <h2 id="registration-title" className="mb-3 text-lg font-semibold text-slate-900">
        Pendaftaran Akun
      </h2>
      <form method="post" onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <SelectField
          id="registration-policy"
          label="Siapa yang dapat mendaftar"
          value={policy}
          onChange={(e) => setPolicy(e.target.value as RegistrationPolicy)}
        >
          {REGISTRATION_POLICIES.map((p) => (
            <option key={p} value={p}>
              {REGISTRATION_POLICY_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <TextField
          id="registration-domains"
          label="Domain email yang diizinkan"
          placeholder="kantor.co.id, cabang.co.id"
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          disabled={policy !== 'domains'}
        />
        <div className="sm:col-span-3">
          <CheckField
            id="registration-default-password"
            label="Karyawan hasil impor mendapat password default (wajib diganti saat login pertama); jika tidak, hanya lewat tautan aktivasi"
            checked={defaultPassword}
            onChange={setDefaultPassword}
          />
        </div>
        <button
          type="submit"
          disabled={saving || !hydrated}
          className="flex items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <Save className="h-4 w-4" aria-hidden />
          {saving ? 'Menyimpan...' : 'Simpan Kebijakan'}
        </button>
      </form>
      <h3 className="mb-2 mt-5 font-semibold text-slate-800">Menunggu Persetujuan ({pending.length})</h3>
      {pending.length === 0 ? (
        <p className="text-sm text-slate-600">Tidak ada akun yang menunggu persetujuan.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="pending-accounts">
          {pending.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{u.name}</span> · {u.email} · {u.position} · mendaftar{' '}
                {formatDateShort(u.createdAt.slice(0, 10))}
              </span>
              <span className="flex gap-2">
                <button
                  type="button"
                  onClick={() => void approve(u)}
                  className="flex items-center gap-1 rounded-lg bg-green-700 px-3 py-1.5 font-medium text-white hover:bg-green-800"
                  aria-label={`Setujui ${u.name}`}
                >
                  <Check className="h-4 w-4" aria-hidden />
                  Setujui
                </button>
                <button
                  type="button"
                  onClick={() => void refuse(u)}
                  className="flex items-center gap-1 rounded-lg border border-red-300 px-3 py-1.5 font-medium text-red-700 hover:bg-red-50"
                  aria-label={`Tolak ${u.name}`}
                >
                  <UserX className="h-4 w-4" aria-hidden />
                  Tolak
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
