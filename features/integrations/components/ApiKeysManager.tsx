'use client';
// Integrasi (/admin/integrations): the company's API keys for other systems (docs/integrations.md).
// Create one (its key shown once), see its scopes and when it was last used, revoke it. GET/POST
// /api-keys, DELETE /api-keys/{id}. The API's description is a link away (Dokumentasi API).
import { useCallback, useEffect, useState } from 'react';
import Link from 'next/link';
import { Ban, BookOpen, KeyRound } from 'lucide-react';
import { AddButton, RefreshButton } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { RowAction } from '@/components/ui/RowAction';
import { DataTable } from '@/components/ui/DataTable';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { formatDateShort, formatTime, dateKeyInZone } from '@/lib/dates';
import { SCOPE_LABELS } from '@/features/integrations/lib/scopes';
import { ApiKeyFormModal } from '@/features/integrations/components/ApiKeyFormModal';
import type { ApiKeyDto } from '@/features/integrations/types/api-keys';

const when = (iso: string | null) => (iso ? `${formatDateShort(dateKeyInZone(new Date(iso)))} ${formatTime(iso)}` : 'Belum pernah');

export function ApiKeysManager() {
  const [keys, setKeys] = useState<ApiKeyDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [creating, setCreating] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setKeys(await api.get<ApiKeyDto[]>('/api-keys'));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat kunci API'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const revoke = (k: ApiKeyDto) =>
    confirmDelete({
      title: 'Cabut Kunci API',
      text: `Cabut kunci ${k.name}? Sistem yang memakainya langsung ditolak dan kunci ini tidak dapat dipulihkan.`,
      path: `/api-keys/${k.id}`,
      reload: load,
      done: () => void alertDialog('success', 'Kunci Dicabut', `Kunci ${k.name} sudah dicabut.`),
      failText: 'Gagal mencabut kunci API',
    });

  return (
    <div>
      <PageHeader
        title="Integrasi"
        subtitle="Kunci API untuk sistem penggajian, ERP, dan mesin absensi"
        actions={
          <>
            <Link
              href="/admin/integrations/api-docs"
              className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              Dokumentasi API
            </Link>
            <RefreshButton loading={loading} onClick={() => void load()} />
            <AddButton label="Buat Kunci API" onClick={() => setCreating(true)} />
          </>
        }
      />
      <DataTable
        label="Tabel kunci API"
        columns={[
          { label: 'Kunci' },
          { label: 'Izin', className: 'hidden md:table-cell' },
          { label: 'Terakhir dipakai', className: 'hidden sm:table-cell' },
          { label: 'Aksi', className: 'text-right' },
        ]}
        rows={keys.length}
        loading={loading}
        loadingLabel="Memuat kunci API..."
        emptyIcon={KeyRound}
        emptyText="Belum ada kunci API"
      >
        {keys.map((k) => (
          <tr key={k.id} data-testid="api-key-row" className="hover:bg-slate-50">
            <td className="px-4 py-3">
              <p className="font-medium text-slate-900">{k.name}</p>
              <p className="font-mono text-xs text-slate-500">{k.prefix}…</p>
              <span
                className={`mt-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${k.status === 'aktif' ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
              >
                {k.status === 'aktif' ? 'Aktif' : 'Dicabut'}
              </span>
            </td>
            <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{k.scopes.map((s) => SCOPE_LABELS[s] ?? s).join(', ')}</td>
            <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell" data-testid="api-key-last-used">
              {when(k.lastUsedAt)}
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                {k.status === 'dicabut' ? null : (
                  <RowAction icon={Ban} tone="red" label={`Cabut ${k.name}`} title="Cabut" onClick={() => void revoke(k)} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {creating ? (
        <ApiKeyFormModal
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
