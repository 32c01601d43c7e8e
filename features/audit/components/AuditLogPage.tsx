'use client';
// Log Audit (/admin/audit, docs/audit.md): the append-only trail with filters (actor, employee, kind,
// dates), pages of 25 rows, and the CSV export of the same filter (for Excel: BOM and ';').
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Download } from 'lucide-react';
import { DateRangeFields, FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClass } from '@/components/ui/Modal';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import type { AuditDto } from '@/features/audit/types/audit';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { PersonField } from '@/features/employees/components/PersonPicker';
import { dateTimeFormat } from '@/lib/intl';

const LIMIT = 25;
type Page = { items: AuditDto[]; total: number; page: number; limit: number };
const EMPTY = { actorId: '', targetUserId: '', kind: '', startDate: '', endDate: '' };

const ROLE = { admin: 'Admin', hr: 'HR', employee: 'Karyawan' } as Record<string, string>;
const when = (iso: string) => dateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
/** before → after in one short line. */
function change(r: AuditDto): string {
  const text = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  const [b, a] = [text(r.before), text(r.after)];
  const line = b && a ? `${b} → ${a}` : b || a;
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}

export function AuditLogPage() {
  const [filter, setFilter] = useState(EMPTY);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Page | null>(null);
  const [loading, setLoading] = useState(true);
  const [kinds, setKinds] = useState<string[]>([]);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    setFilter((f) => ({ ...f, [key]: e.target.value }));
    setPage(1);
  };
  const pickPerson = (key: 'actorId' | 'targetUserId') => (id: string) => {
    setFilter((f) => ({ ...f, [key]: id }));
    setPage(1);
  };
  const query = useMemo(() => new URLSearchParams(Object.entries(filter).filter(([, v]) => v)), [filter]);

  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      const rows = await latest(api.get<Page>(`/audit?${query}&page=${page}&limit=${LIMIT}`));
      setData(rows);
    } catch (err) {
      void toast('error', err instanceof Error && err.message ? err.message : 'Gagal memuat log audit');
    } finally {
      setLoading(false);
    }
  }, [begin, query, page]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    api
      .get<string[]>('/audit/kinds')
      .then((k) => setKinds(Array.isArray(k) ? k : []))
      .catch(() => undefined);
  }, []);

  // Each group ('overtime', 'leave' …) and each kind: the filter matches a prefix.
  const kindOptions = useMemo(() => {
    const groups = [...new Set(kinds.map((k) => k.split('.')[0]!))].filter((g) => !kinds.includes(g));
    return [...groups.map((g) => ({ value: g, label: `${g}.* (semua)` })), ...kinds.map((k) => ({ value: k, label: k }))].sort((a, b) =>
      a.value.localeCompare(b.value),
    );
  }, [kinds]);

  const pages = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;

  return (
    <div>
      <PageHeader
        title="Log Audit"
        subtitle="Jejak setiap perubahan oleh admin, HR, atasan dan sistem, serta kejadian keamanan"
        actions={
          <a href={`/api/audit/export?${query}`} download className={buttonClass.secondary} data-testid="audit-export">
            <Download className="h-4 w-4" aria-hidden />
            Ekspor CSV
          </a>
        }
      />
      <FilterBar label="Filter log audit" columns={5}>
        <PersonField
          id="audit-actor"
          label="Pelaku"
          value={filter.actorId}
          onChange={pickPerson('actorId')}
          includeInactive
          emptyLabel="Semua pelaku"
        />
        <PersonField
          id="audit-target"
          label="Karyawan"
          value={filter.targetUserId}
          onChange={pickPerson('targetUserId')}
          includeInactive
          emptyLabel="Semua karyawan"
        />
        <FilterSelect
          id="audit-kind"
          label="Jenis"
          value={filter.kind}
          onChange={set('kind')}
          allLabel="Semua jenis"
          options={kindOptions}
        />
        <DateRangeFields
          idPrefix="audit"
          start={filter.startDate}
          end={filter.endDate}
          onStart={set('startDate')}
          onEnd={set('endDate')}
          startLabel="Dari Tanggal (UTC)"
          endLabel="Sampai Tanggal (UTC)"
        />
      </FilterBar>
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="audit-title">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-4">
          <h2 id="audit-title" className="text-lg font-semibold text-slate-900">
            Catatan
          </h2>
          <p data-testid="audit-total" className="text-sm text-slate-600">
            {data ? `${data.total} catatan` : ''}
          </p>
        </div>
        {loading && !data ? (
          <Spinner label="Memuat log audit..." />
        ) : !data || data.items.length === 0 ? (
          <p className="px-5 py-12 text-center text-slate-600">Tidak ada catatan untuk filter ini</p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Tabel log audit" aria-busy={loading}>
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                <tr>
                  {['Waktu', 'Pelaku', 'Jenis', 'Data', 'Karyawan', 'Perubahan', 'Catatan', 'Alamat IP'].map((h) => (
                    <th key={h} scope="col" className="whitespace-nowrap px-4 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.items.map((r) => (
                  <tr key={r.id} data-testid="audit-row" className="align-top">
                    <td className="whitespace-nowrap px-4 py-2">{when(r.createdAt)}</td>
                    <td className="px-4 py-2">
                      {r.actor.name ?? 'Sistem'}
                      {r.actor.role ? <span className="block text-xs text-slate-600">{ROLE[r.actor.role] ?? r.actor.role}</span> : null}
                    </td>
                    <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">{r.kind}</td>
                    <td className="px-4 py-2 text-xs">{r.entity}</td>
                    <td className="px-4 py-2">{r.targetUserName ?? (r.targetUserId ? r.targetUserId.slice(0, 8) : '-')}</td>
                    <td className="max-w-xs break-words px-4 py-2 font-mono text-xs text-slate-700">{change(r)}</td>
                    <td className="max-w-xs break-words px-4 py-2">{r.note ?? ''}</td>
                    <td className="whitespace-nowrap px-4 py-2 text-xs">{r.ip ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav className="flex items-center justify-between gap-2 border-t border-slate-200 px-5 py-3" aria-label="Halaman log audit">
          <button type="button" className={buttonClass.secondary} disabled={page <= 1 || loading} onClick={() => setPage((p) => p - 1)}>
            Sebelumnya
          </button>
          <span data-testid="audit-page" className="text-sm text-slate-700">
            Halaman {page} dari {pages}
          </span>
          <button type="button" className={buttonClass.secondary} disabled={page >= pages || loading} onClick={() => setPage((p) => p + 1)}>
            Berikutnya
          </button>
        </nav>
      </section>
    </div>
  );
}
