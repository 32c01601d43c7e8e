'use client';
// Rekap Saya (/employee/recap): the employee's own month as HR's Rekap Bulanan has it (GET
// /api/recap/{userId}: a closed month from its snapshot, the current one live), each figure opening the
// days behind it (features/recap/lib/my-recap.ts, docs/recap.md).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { api, errorMessage } from '@/lib/api-client';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { formatDateLong, formatTime } from '@/lib/dates';
import { officeToday, useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { myRecapFigures, type MyRecapFigure } from '@/features/recap/lib/my-recap';
import type { EmployeeRecapDto } from '@/features/recap/types/recap';
import { numberFormat } from '@/lib/intl';

const fmt = (n: number) => numberFormat('id-ID', { maximumFractionDigits: 2 }).format(n);

function DaysBehind({ figure }: { figure: MyRecapFigure }) {
  if (figure.overtime)
    return figure.overtime.length === 0 ? (
      <p className="text-sm text-slate-500">Tidak ada lembur yang dibayar bulan ini.</p>
    ) : (
      <ul className="divide-y divide-slate-100 text-sm" data-testid="my-recap-days">
        {figure.overtime.map((o) => (
          <li key={o.id} className="py-2">
            <span className="font-medium text-slate-800">{formatDateLong(o.date)}</span>
            <span className="block text-slate-600">
              {o.startTime}–{o.endTime} · {fmt(o.payableMinutes / 60)} jam · {fmt(o.equivalentHours)} jam setara
              {o.classes.length ? ` (${o.classes.map((c) => `${fmt(c.hours)} jam ×${fmt(c.multiplier)}`).join(', ')})` : ''}
            </span>
          </li>
        ))}
      </ul>
    );
  if (figure.days.length === 0) return <p className="text-sm text-slate-500">Tidak ada hari.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="my-recap-days">
      {figure.days.map((d) => (
        <li key={d.date} className="py-2">
          <span className="font-medium text-slate-800">{formatDateLong(d.date)}</span>
          <span className="block text-slate-600">
            {d.label}
            {d.halfDay ? ` (setengah hari, ${d.halfDay})` : ''}
            {d.checkInAt
              ? ` · ${formatTime(d.checkInAt, d.timezone ?? undefined)}–${d.checkOutAt ? formatTime(d.checkOutAt, d.timezone ?? undefined) : '?'} ${d.zone ?? ''}`
              : ''}
            {d.lateMinutes ? ` · terlambat ${d.lateMinutes} menit` : ''}
            {d.earlyMinutes ? ` · pulang cepat ${d.earlyMinutes} menit` : ''}
            {d.corrected ? ' · dikoreksi' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function MyRecapPage() {
  const { user } = useAuth();
  const timeZone = useOfficeTimezone();
  const [month, setMonth] = useState(() => officeToday(timeZone).slice(0, 7));
  const [data, setData] = useState<EmployeeRecapDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const begin = useLatestRequest();
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!userId) return;
    const latest = begin();
    setError(null);
    try {
      setData(await latest(api.get<EmployeeRecapDto>(`/recap/${userId}?month=${month}`)));
    } catch (err) {
      setError(errorMessage(err, 'Gagal memuat rekap'));
    }
  }, [userId, month, begin]);

  useEffect(() => {
    void load();
  }, [load]);

  const figures = useMemo(() => (data && data.month === month ? myRecapFigures(data) : null), [data, month]);
  const selected = figures?.find((f) => f.key === open) ?? null;

  return (
    <div className="space-y-4">
      <PageHeader title="Rekap Saya" subtitle="Angka bulanan Anda, sama dengan rekap yang dipakai HR untuk penggajian" />
      <label className="block text-sm text-slate-700">
        Bulan
        <input
          type="month"
          value={month}
          onChange={(e) => {
            if (!e.target.value) return;
            setOpen(null);
            setMonth(e.target.value);
          }}
          className="ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : !data || data.month !== month ? (
        <Spinner label="Memuat rekap..." />
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="my-recap-source">
            {data.label} ·{' '}
            {data.source === 'snapshot'
              ? 'Periode sudah ditutup: angka tersimpan saat tutup periode.'
              : 'Angka berjalan dari hari yang sudah ditutup.'}
          </p>
          {!figures ? (
            <p className="text-sm text-slate-600">Tidak ada rekap Anda untuk bulan ini.</p>
          ) : (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {figures.map((f) => (
                <button
                  key={f.key}
                  type="button"
                  aria-expanded={open === f.key}
                  aria-controls="my-recap-detail"
                  onClick={() => setOpen(open === f.key ? null : f.key)}
                  data-testid={`my-recap-${f.key}`}
                  className={`rounded-xl border p-4 text-left shadow-sm hover:bg-slate-50 ${open === f.key ? 'border-blue-500 bg-blue-50' : 'border-slate-200 bg-white'}`}
                >
                  <span className="block text-sm font-medium text-slate-600">{f.label}</span>
                  <span className="mt-1 block text-2xl font-bold text-slate-900" data-testid={`my-recap-${f.key}-value`}>
                    {fmt(f.value)}
                  </span>
                  <span className="block text-xs text-slate-600">{f.unit}</span>
                </button>
              ))}
            </div>
          )}
          {selected ? (
            <section
              id="my-recap-detail"
              aria-label={`Rincian ${selected.label}`}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 className="mb-2 text-lg font-semibold text-slate-800">
                {selected.label}: {fmt(selected.value)} {selected.unit}
              </h2>
              <DaysBehind figure={selected} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
