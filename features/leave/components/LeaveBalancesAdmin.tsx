'use client';
// Saldo Cuti for admin and HR: pick an employee (searched on the server), see the balance and its ledger, adjust it with a reason,
// export the balances of everyone as CSV (GET /leaves/balances/export: the server writes the file; docs/leave.md).
import { useState } from 'react';
import { api, ApiError } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { inputClass } from '@/components/ui/Field';
import { PersonField } from '@/features/employees/components/PersonPicker';
import { LeaveBalance } from '@/features/leave/components/LeaveBalance';
import type { BalanceDto } from '@/features/leave/types/leave-ledger';
import { useHydrated } from '@/hooks/useHydrated';

export function LeaveBalancesAdmin() {
  const hydrated = useHydrated();
  const [userId, setUserId] = useState('');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [refresh, setRefresh] = useState(0);
  const [busy, setBusy] = useState(false);

  const adjust = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!userId) return void toast('error', 'Pilih karyawan terlebih dahulu');
    if (reason.trim().length < 5) return void toast('error', 'Alasan penyesuaian minimal 5 karakter');
    setBusy(true);
    try {
      await api.post<BalanceDto>(`/leaves/balance/${userId}/adjust`, { days: Number(days), reason: reason.trim() });
      void toast('success', 'Saldo cuti disesuaikan');
      setDays('');
      setReason('');
      setRefresh((n) => n + 1);
    } catch (err) {
      void toast('error', err instanceof ApiError && err.message ? err.message : 'Gagal menyesuaikan saldo');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="balances-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="balances-title" className="text-lg font-semibold text-slate-900">
          Saldo Cuti Karyawan
        </h2>
        {/* The server writes the file (every employee, 500 at a time); the browser just downloads it. */}
        <a
          href="/api/leaves/balances/export?format=csv"
          download
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium"
        >
          Ekspor CSV
        </a>
      </div>
      <div className="mb-4">
        <PersonField id="balance-user" label="Karyawan" role="employee" value={userId} onChange={(id) => setUserId(id)} />
      </div>
      {userId ? (
        <>
          <LeaveBalance userId={userId} refreshKey={refresh} />
          <form method="post" onSubmit={adjust} noValidate className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
            <div>
              <label htmlFor="adjust-days" className="mb-1 block text-sm font-medium text-slate-700">
                Jumlah hari (±)
              </label>
              <input
                id="adjust-days"
                type="number"
                step={0.5}
                value={days}
                onChange={(e) => setDays(e.target.value)}
                className={inputClass}
              />
            </div>
            <div>
              <label htmlFor="adjust-reason" className="mb-1 block text-sm font-medium text-slate-700">
                Alasan penyesuaian
              </label>
              <input id="adjust-reason" value={reason} onChange={(e) => setReason(e.target.value)} className={inputClass} />
            </div>
            <button
              type="submit"
              disabled={busy || !hydrated}
              className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white disabled:opacity-60"
            >
              Sesuaikan Saldo
            </button>
          </form>
        </>
      ) : null}
    </section>
  );
}
