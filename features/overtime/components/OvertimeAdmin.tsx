'use client';
// Lembur for admin and HR (/admin/overtime, /hr/overtime): assign overtime, approve or reject requests,
// and the payable figures of what is shown (filters: status, employee, dates).
import { useCallback, useEffect, useState } from 'react';
import { ClipboardList } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { DateRangeFields, FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { buttonClass } from '@/components/ui/Modal';
import { PersonField } from '@/features/employees/components/PersonPicker';
import { OvertimeFormModal } from '@/features/overtime/components/OvertimeFormModal';
import { OvertimeList, type OvertimeAction } from '@/features/overtime/components/OvertimeList';
import { classesText, fmtNumber } from '@/features/overtime/components/format';
import { decideOvertime } from '@/features/overtime/components/decide';
import { officeToday, useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { api } from '@/lib/api-client';
import { equivalentHours, formatMinutes } from '@/features/overtime/lib/rules';
import { toast } from '@/lib/ui/alerts';
import {
  COMPENSATION_LABELS,
  COMPENSATIONS,
  OVERTIME_STATUS_LABELS,
  OVERTIME_STATUSES,
  ROUNDING_CHOICES,
} from '@/features/overtime/validation/overtime';
import type { OvertimeDto } from '@/features/overtime/types/overtime';
import type { MultiplierClass } from '@/features/overtime/lib/rules';
import { useLatestRequest } from '@/lib/ui/latest-request';
import type { Decision } from '@/lib/ui/decide';

function totals(items: OvertimeDto[]) {
  const sums = new Map<number, number>();
  let payable = 0;
  for (const o of items) {
    // Converted to Cuti Pengganti: not paid (docs/overtime.md).
    if (o.status !== 'approved' || !o.figures || o.convertedAt) continue;
    payable += o.figures.payableMinutes;
    for (const c of o.figures.classes) sums.set(c.multiplier, (sums.get(c.multiplier) ?? 0) + c.minutes);
  }
  const classes: MultiplierClass[] = [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([multiplier, minutes]) => ({ multiplier, minutes }));
  return { payable, classes, equivalent: equivalentHours(classes) };
}

type Policy = {
  roundingMinutes: number;
  cutiBersamaHolidayRate: boolean;
  compensation: (typeof COMPENSATIONS)[number];
  compensatoryExpiryDays: number;
};

export function OvertimeAdmin() {
  const { user } = useAuth();
  const timeZone = useOfficeTimezone();
  const today = officeToday(timeZone);
  const [items, setItems] = useState<OvertimeDto[]>([]);
  const [filter, setFilter] = useState({ status: '', userId: '', startDate: '', endDate: '' });
  const [loading, setLoading] = useState(true);
  const [formOpen, setFormOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [policy, setPolicy] = useState<Policy | null>(null);
  const set = (key: keyof typeof filter) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));

  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    const q = new URLSearchParams(Object.entries(filter).filter(([, v]) => v));
    try {
      const list = await latest(api.get<OvertimeDto[]>(`/overtime?${q}`));
      setItems(Array.isArray(list) ? list : []);
    } catch (err) {
      void toast('error', err instanceof Error && err.message ? err.message : 'Gagal memuat data lembur');
    } finally {
      setLoading(false);
    }
  }, [begin, filter]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    api
      .get<Policy>('/settings/overtime')
      .then((r) => setPolicy(r))
      .catch(() => undefined);
  }, []);

  const decide = async (o: OvertimeDto, status: Decision) => {
    const outcome = await decideOvertime(o, status, () => setBusyId(o.id));
    setBusyId(null);
    // The server's answer in place (with its figures once approved); decided elsewhere meanwhile: reload.
    if (outcome.kind === 'done') setItems((rows) => rows.map((r) => (r.id === o.id ? outcome.answer : r)));
    else if (outcome.kind === 'failed' && outcome.stale) void load();
  };

  // HR's step on a request (a supervisor's comes first); an assignment waiting for consent can be withdrawn.
  const canDecide = (o: OvertimeDto) => o.status === 'pending' && o.userId !== user?.id && o.awaiting === 'hr';
  const actions = (o: OvertimeDto): OvertimeAction[] =>
    o.status === 'pending' && o.userId !== user?.id && o.awaiting === 'karyawan'
      ? [{ label: 'Batalkan', onClick: (x) => void decide(x, 'rejected') }]
      : [];

  const savePolicy = async (change: Partial<Policy>) => {
    try {
      const saved = await api.put<Policy>('/settings/overtime', change);
      setPolicy(saved);
      void toast('success', 'Pengaturan lembur berhasil disimpan');
      void load();
    } catch (err) {
      void toast('error', err instanceof Error && err.message ? err.message : 'Gagal menyimpan pengaturan');
    }
  };

  const sum = totals(items);

  return (
    <div>
      <PageHeader
        title="Lembur"
        subtitle="Penugasan, persetujuan dan jam lembur karyawan (PP 35/2021)"
        actions={
          <button type="button" onClick={() => setFormOpen(true)} className={buttonClass.primary}>
            <ClipboardList className="h-5 w-5" aria-hidden />
            Tugaskan Lembur
          </button>
        }
      />
      <FilterBar label="Filter lembur" columns={4}>
        <FilterSelect
          id="overtime-filter-status"
          label="Status"
          value={filter.status}
          onChange={set('status')}
          allLabel="Semua status"
          options={OVERTIME_STATUSES.map((s) => ({ value: s, label: OVERTIME_STATUS_LABELS[s] }))}
        />
        <PersonField
          id="overtime-filter-user"
          label="Karyawan"
          value={filter.userId}
          onChange={(userId) => setFilter((f) => ({ ...f, userId }))}
          includeInactive
          emptyLabel="Semua karyawan"
        />
        <DateRangeFields
          idPrefix="overtime-filter"
          start={filter.startDate}
          end={filter.endDate}
          onStart={set('startDate')}
          onEnd={set('endDate')}
        />
      </FilterBar>
      <section
        className="mb-4 flex flex-col gap-3 rounded-xl bg-white p-4 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200 md:flex-row md:items-center md:justify-between"
        aria-label="Jumlah lembur"
      >
        <p data-testid="overtime-totals">
          Lembur disetujui yang ditampilkan: dibayar <strong>{formatMinutes(sum.payable)}</strong> = {classesText(sum.classes)} ={' '}
          <strong>{fmtNumber(sum.equivalent)} jam lembur setara</strong>
        </p>
        {policy !== null ? (
          <div className="flex flex-col gap-2 md:items-end">
            <label htmlFor="overtime-rounding" className="flex items-center gap-2 whitespace-nowrap">
              Pembulatan ke bawah
              <select
                id="overtime-rounding"
                value={policy.roundingMinutes}
                onChange={(e) => void savePolicy({ roundingMinutes: Number(e.target.value) })}
                disabled={user?.role !== 'admin'}
                className="rounded-lg border border-slate-300 px-2 py-1 disabled:bg-slate-100"
              >
                {ROUNDING_CHOICES.map((m) => (
                  <option key={m} value={m}>
                    {m === 1 ? 'tidak dibulatkan' : `${m} menit`}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor="overtime-compensation" className="flex flex-wrap items-center gap-2">
              Kerja pada hari istirahat/libur
              <select
                id="overtime-compensation"
                value={policy.compensation}
                onChange={(e) => void savePolicy({ compensation: e.target.value as Policy['compensation'] })}
                disabled={user?.role !== 'admin'}
                className="rounded-lg border border-slate-300 px-2 py-1 disabled:bg-slate-100"
              >
                {COMPENSATIONS.map((c) => (
                  <option key={c} value={c}>
                    {COMPENSATION_LABELS[c]}
                  </option>
                ))}
              </select>
            </label>
            <label htmlFor="overtime-compensatory-expiry" className="flex flex-wrap items-center gap-2">
              Masa berlaku cuti pengganti
              <select
                id="overtime-compensatory-expiry"
                value={policy.compensatoryExpiryDays}
                onChange={(e) => void savePolicy({ compensatoryExpiryDays: Number(e.target.value) })}
                disabled={user?.role !== 'admin'}
                className="rounded-lg border border-slate-300 px-2 py-1 disabled:bg-slate-100"
              >
                {[...new Set([30, 60, 90, 180, 365, policy.compensatoryExpiryDays])]
                  .sort((a, b) => a - b)
                  .map((d) => (
                    <option key={d} value={d}>
                      {d} hari
                    </option>
                  ))}
              </select>
            </label>
            <label htmlFor="overtime-cuti-bersama-rate" className="flex max-w-md items-start gap-2">
              <input
                id="overtime-cuti-bersama-rate"
                type="checkbox"
                checked={policy.cutiBersamaHolidayRate}
                onChange={(e) => void savePolicy({ cutiBersamaHolidayRate: e.target.checked })}
                disabled={user?.role !== 'admin'}
                aria-describedby="overtime-cuti-bersama-rate-hint"
                className="mt-0.5 h-4 w-4 rounded border-slate-300"
              />
              <span>
                Bayar tarif lembur hari libur untuk kerja pada cuti bersama
                <span id="overtime-cuti-bersama-rate-hint" className="block text-xs text-slate-600">
                  Tanpa centang (sesuai aturan): masuk pada cuti bersama dihitung hari kerja biasa, hak cuti tetap, lembur setelah jam
                  kerja. Berlaku untuk lembur yang diajukan setelah diubah.
                </span>
              </span>
            </label>
          </div>
        ) : null}
      </section>
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="overtime-list-title">
        <h2 id="overtime-list-title" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
          Daftar Lembur
        </h2>
        <OvertimeList
          items={items}
          loading={loading}
          showName
          actions={actions}
          canDecide={canDecide}
          onDecide={(o, d) => void decide(o, d)}
          busyId={busyId}
        />
      </section>
      {formOpen ? (
        <OvertimeFormModal
          assignFor={{ self: user?.id }}
          today={today}
          onClose={() => setFormOpen(false)}
          onSaved={() => {
            setFormOpen(false);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
