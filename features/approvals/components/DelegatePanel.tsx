'use client';
// Tunjuk Pengganti on Persetujuan Tim (docs/leave.md, "Nothing stalls"): a supervisor names who takes their
// step of the team's leave and overtime for a date range (POST /api/delegates), sees their namings and
// removes one (DELETE /api/delegates/{id}). While a naming covers the day, the delegate decides in the
// supervisor's place; without one, HR does while the supervisor is on approved leave. The delegate is
// searched on the server (PersonPicker over GET /delegates/candidates?limit=).
import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { firstError } from '@/lib/validation/common';
import { formatDateShort } from '@/lib/dates';
import { useHydrated } from '@/hooks/useHydrated';
import { inputClass } from '@/components/ui/Field';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PersonPicker } from '@/features/employees/components/PersonPicker';
import { delegateSchema } from '@/features/approvals/validation/approvals';
import type { DelegateDto } from '@/features/approvals/types/approvals';

export function DelegatePanel({ today }: { today: string }) {
  const hydrated = useHydrated();
  const { user: me } = useAuth();
  const [namings, setNamings] = useState<DelegateDto[]>([]);
  const [form, setForm] = useState({ delegateId: '', startDate: today, endDate: today });
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const list = await api.get<DelegateDto[]>('/delegates');
      setNamings(list.filter((d) => d.supervisorId === me?.id));
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal memuat pengganti'));
    }
  }, [me?.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const message = firstError(delegateSchema.safeParse(form));
    if (message) return void toast('error', message);
    setSaving(true);
    try {
      const saved = await api.post<DelegateDto>('/delegates', form);
      void savedToast('Pengganti Ditunjuk', `${saved.delegateName} memutuskan pengajuan tim Anda ${range(saved)}.`);
      setForm({ delegateId: '', startDate: today, endDate: today });
      await load();
    } catch (err) {
      void alertDialog('error', 'Gagal Menunjuk Pengganti', errorMessage(err, 'Terjadi kesalahan'));
    } finally {
      setSaving(false);
    }
  };

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <section aria-labelledby="delegate-title" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="delegate-title" className="text-lg font-semibold text-slate-900">
        Pengganti Atasan
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        Selama tanggalnya, pengganti memutuskan pengajuan tim Anda atas nama Anda. Tanpa pengganti, HR memutuskannya saat Anda cuti.
      </p>
      <form method="post" onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-3" aria-label="Tunjuk pengganti">
        <div className="text-sm text-slate-700">
          <label htmlFor="delegate-person" className="block">
            Pengganti
          </label>
          <div className="min-w-64">
            <PersonPicker
              id="delegate-person"
              className={inputClass}
              source="delegates"
              placeholder="Pilih pengganti…"
              value={form.delegateId}
              onChange={(delegateId) => setForm((f) => ({ ...f, delegateId }))}
            />
          </div>
        </div>
        <div className="text-sm text-slate-700">
          <label htmlFor="delegate-start" className="block">
            Dari Tanggal
          </label>
          <input id="delegate-start" type="date" className={inputClass} value={form.startDate} min={today} onChange={set('startDate')} />
        </div>
        <div className="text-sm text-slate-700">
          <label htmlFor="delegate-end" className="block">
            Sampai Tanggal
          </label>
          <input id="delegate-end" type="date" className={inputClass} value={form.endDate} min={form.startDate} onChange={set('endDate')} />
        </div>
        <button
          type="submit"
          disabled={!hydrated || saving}
          className="rounded-lg bg-blue-700 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-50"
        >
          Tunjuk Pengganti
        </button>
      </form>
      {namings.length ? (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" aria-label="Pengganti yang ditunjuk">
          {namings.map((d) => (
            <li key={d.id} data-testid="delegate-item" className="flex items-center justify-between gap-3 py-2">
              <span>
                {d.delegateName}, {range(d)}
              </span>
              <button
                type="button"
                className="font-medium text-red-700 underline"
                onClick={() =>
                  void confirmDelete({
                    title: 'Hapus Pengganti',
                    text: `Hapus ${d.delegateName} sebagai pengganti ${range(d)}?`,
                    path: `/delegates/${d.id}`,
                    reload: load,
                    done: () => void toast('success', 'Pengganti dihapus'),
                    failText: 'Gagal menghapus pengganti',
                  })
                }
              >
                Hapus
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const range = (d: { startDate: string; endDate: string }) =>
  d.startDate === d.endDate ? formatDateShort(d.startDate) : `${formatDateShort(d.startDate)} s.d. ${formatDateShort(d.endDate)}`;
