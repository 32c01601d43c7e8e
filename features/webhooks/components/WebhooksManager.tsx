'use client';
// Webhook (/admin/webhooks): the integrations' endpoints (docs/webhooks.md). Add one (its signing secret
// is shown once), change, delete, open its delivery log with Kirim Ulang. GET/POST /webhooks,
// PUT/DELETE /webhooks/{id}, GET /webhooks/{id}/deliveries, POST /webhooks/deliveries/{id}/resend.
import { useCallback, useEffect, useState } from 'react';
import { ListChecks, Pencil, Trash2, Webhook } from 'lucide-react';
import { AddButton, RefreshButton } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { RowAction } from '@/components/ui/RowAction';
import { DataTable } from '@/components/ui/DataTable';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { WebhookFormModal } from '@/features/webhooks/components/WebhookFormModal';
import { WebhookDeliveriesModal } from '@/features/webhooks/components/WebhookDeliveriesModal';
import type { WebhookDto } from '@/features/webhooks/types/webhooks';

export function WebhooksManager() {
  const [hooks, setHooks] = useState<WebhookDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [form, setForm] = useState<{ webhook: WebhookDto | null } | null>(null);
  const [log, setLog] = useState<WebhookDto | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setHooks(await api.get<WebhookDto[]>('/webhooks'));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat data webhook'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = (w: WebhookDto) =>
    confirmDelete({
      title: 'Hapus Webhook',
      text: `Hapus webhook ${w.url}? Log pengirimannya ikut terhapus.`,
      path: `/webhooks/${w.id}`,
      reload: load,
      done: () => void alertDialog('success', 'Webhook Dihapus', 'Webhook sudah dihapus.'),
      failText: 'Gagal menghapus webhook',
    });

  return (
    <div>
      <PageHeader
        title="Webhook"
        subtitle="Kirim absensi, keputusan cuti dan lembur, serta tutup periode ke sistem lain secara otomatis"
        actions={
          <>
            <RefreshButton loading={loading} onClick={() => void load()} />
            <AddButton label="Tambah Webhook" onClick={() => setForm({ webhook: null })} />
          </>
        }
      />
      <DataTable
        label="Tabel webhook"
        columns={[
          { label: 'URL' },
          { label: 'Event', className: 'hidden md:table-cell' },
          { label: 'Status' },
          { label: 'Aksi', className: 'text-right' },
        ]}
        rows={hooks.length}
        loading={loading}
        loadingLabel="Memuat data webhook..."
        emptyIcon={Webhook}
        emptyText="Belum ada webhook"
      >
        {hooks.map((w) => (
          <tr key={w.id} data-testid="webhook-row" className="hover:bg-slate-50">
            <td className="max-w-[10rem] px-4 py-3 sm:max-w-xs">
              <p className="break-all font-medium text-slate-900">{w.url}</p>
              {w.description ? <p className="text-xs text-slate-600">{w.description}</p> : null}
              {w.allowPrivateNetwork ? <p className="text-xs text-amber-700">Alamat jaringan privat diizinkan</p> : null}
            </td>
            <td className="hidden px-4 py-3 font-mono text-xs text-slate-700 md:table-cell">{w.events.join(', ')}</td>
            <td className="px-4 py-3">
              <span
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${w.active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
              >
                {w.active ? 'Aktif' : 'Nonaktif'}
              </span>
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                <RowAction
                  icon={ListChecks}
                  tone="blue"
                  label={`Log pengiriman ${w.url}`}
                  title="Log pengiriman"
                  onClick={() => setLog(w)}
                />
                <RowAction icon={Pencil} tone="blue" label={`Ubah ${w.url}`} title="Ubah" onClick={() => setForm({ webhook: w })} />
                <RowAction icon={Trash2} tone="red" label={`Hapus ${w.url}`} title="Hapus" onClick={() => void remove(w)} />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {form ? (
        <WebhookFormModal
          webhook={form.webhook}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void load();
          }}
        />
      ) : null}
      {log ? <WebhookDeliveriesModal webhook={log} onClose={() => setLog(null)} /> : null}
    </div>
  );
}
