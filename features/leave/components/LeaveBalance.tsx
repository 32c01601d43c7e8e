'use client';
// "Sisa cuti tahunan: X hari", the per-event quotas and the ledger's history (docs/leave.md).
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { formatDateShort } from '@/lib/dates';
import type { BalanceDto } from '@/features/leave/types/leave-ledger';
import { durationText } from '@/features/leave/lib/duration';
import { numberFormat } from '@/lib/intl';

const fmt = (n: number) => numberFormat('id-ID', { maximumFractionDigits: 2 }).format(n);

/**
 * What the balance alone does not say: days waiting for approval (taken only once approved), what is left
 * to ask for, and future cuti bersama days the balance already excludes.
 */
function AnnualDetail({ annual }: { annual: NonNullable<BalanceDto['annual']> }) {
  const ahead = annual.futureCutiBersama;
  if (!annual.pending && !ahead.days) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-gray-700" data-testid="leave-balance-detail">
      {annual.pending ? (
        <>
          <li data-testid="leave-balance-pending">Menunggu persetujuan: {fmt(annual.pending)} hari</li>
          <li data-testid="leave-balance-available" className="font-medium text-gray-900">
            Masih bisa diajukan: {fmt(annual.available)} hari
          </li>
        </>
      ) : null}
      {ahead.days ? (
        <li data-testid="leave-balance-cuti-bersama">
          Sudah dipotong untuk cuti bersama mendatang: {fmt(ahead.days)} hari
          {ahead.dates.length ? ` (${ahead.dates.map((d) => formatDateShort(d)).join(', ')})` : ''}
        </li>
      ) : null}
    </ul>
  );
}

export function LeaveBalance({ userId, refreshKey = 0, showLedger = true }: { userId: string; refreshKey?: number; showLedger?: boolean }) {
  const [data, setData] = useState<BalanceDto | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api.get<BalanceDto>(`/leaves/balance/${userId}`).then(
      (b) => live && (setData(b), setFailed(false)),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [userId, refreshKey]);

  if (failed) return <p className="mb-4 text-sm text-red-600">Gagal memuat saldo cuti</p>;
  if (!data) return <p className="mb-4 text-sm text-gray-500">Memuat saldo cuti…</p>;
  return (
    <section className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200" aria-label="Saldo cuti">
      <p data-testid="leave-balance" className="text-lg font-semibold text-gray-900">
        Sisa cuti tahunan: {fmt(data.annual?.balance ?? 0)} hari
      </p>
      {data.annual ? <AnnualDetail annual={data.annual} /> : null}
      {data.compensatory ? (
        <div className="mt-2 text-sm text-gray-800" data-testid="compensatory-balance">
          <p className="font-medium">
            {data.compensatory.name}: {fmt(data.compensatory.balance)} hari
          </p>
          {data.compensatory.credits.length ? (
            <ul className="mt-1 space-y-0.5 text-xs text-gray-600">
              {data.compensatory.credits.map((c) => (
                <li key={c.id} data-testid="compensatory-credit">
                  {fmt(c.remaining)} hari{c.expiresAt ? `, berlaku s.d. ${formatDateShort(c.expiresAt)}` : ''}
                  {c.note ? ` (${c.note})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {data.quotas.length ? (
        <ul className="mt-2 flex flex-wrap gap-2 text-xs text-gray-600">
          {data.quotas.map((q) => (
            <li key={q.leaveTypeId} className="rounded-full bg-gray-100 px-2 py-0.5">
              {q.name}:{' '}
              {(q.maxDays ?? q.quotaPerEvent) ? `maks. ${durationText((q.maxDays ?? q.quotaPerEvent)!, q.durationUnit)}` : 'tanpa kuota'}
            </li>
          ))}
        </ul>
      ) : null}
      {showLedger && data.ledger.length ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm font-medium text-blue-700">Riwayat saldo cuti</summary>
          <table className="mt-2 w-full text-left text-sm">
            <thead className="text-xs uppercase text-gray-500">
              <tr>
                <th className="py-1">Tanggal</th>
                <th>Keterangan</th>
                <th className="text-right">Hari</th>
              </tr>
            </thead>
            <tbody>
              {data.ledger.map((e) => (
                <tr key={e.id} data-testid="ledger-row" className="border-t border-gray-100">
                  <td className="py-1">{formatDateShort(e.effectiveDate)}</td>
                  <td>
                    {e.leaveTypeId === data.compensatory?.leaveTypeId ? `${data.compensatory.name}: ` : ''}
                    {e.label}
                    {e.note ? ` — ${e.note}` : ''}
                  </td>
                  <td className={`text-right font-mono ${e.days < 0 ? 'text-red-700' : 'text-green-700'}`}>
                    {e.days > 0 ? '+' : ''}
                    {fmt(e.days)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </section>
  );
}
