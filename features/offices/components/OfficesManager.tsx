'use client';
// Kantor & Cabang (/admin/offices): every office with its zone, radius and employees; add, edit, delete
// (an office with records is deactivated, the server says so). GET/POST /offices, PUT/DELETE /offices/{id}.
import { formatDistance } from '@/lib/geo';
import { useCallback, useEffect, useState } from 'react';
import { Building2, MapPin, Pencil, Trash2 } from 'lucide-react';
import { AddButton, RefreshButton } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { RowAction } from '@/components/ui/RowAction';
import { DataTable } from '@/components/ui/DataTable';
import { OfficeFormModal } from '@/features/offices/components/OfficeFormModal';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import type { OfficeDto } from '@/features/offices/types/offices';

type Modal = { office: OfficeDto | null } | null;

export function OfficesManager() {
  const [offices, setOffices] = useState<OfficeDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [showInactive, setShowInactive] = useState(false);
  const [modal, setModal] = useState<Modal>(null);

  const load = useCallback(
    async (announce: boolean) => {
      setLoading(true);
      try {
        setOffices(await api.get<OfficeDto[]>(`/offices${showInactive ? '?includeInactive=1' : ''}`));
        if (announce) void toast('success', 'Data kantor berhasil dimuat', 2000);
      } catch (err) {
        void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat data kantor'));
      } finally {
        setLoading(false);
      }
    },
    [showInactive],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const remove = (o: OfficeDto) =>
    confirmDelete<{ message: string; deactivated: boolean }>({
      title: 'Hapus Kantor',
      text: `Apakah Anda yakin ingin menghapus kantor ${o.name}? Kantor yang sudah memiliki riwayat absensi akan dinonaktifkan.`,
      path: `/offices/${o.id}`,
      reload: () => load(false),
      done: (res) => void savedToast(res.deactivated ? 'Kantor Dinonaktifkan' : 'Berhasil Hapus', res.message),
      failText: 'Gagal menghapus kantor',
    });

  return (
    <div>
      <PageHeader
        title="Kantor & Cabang"
        subtitle="Lokasi, radius absensi dan zona waktu setiap kantor"
        actions={
          <>
            <RefreshButton loading={loading} onClick={() => void load(true)} />
            <AddButton label="Tambah Kantor" onClick={() => setModal({ office: null })} />
          </>
        }
      />
      <label className="mb-4 flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={showInactive}
          onChange={(e) => setShowInactive(e.target.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        Tampilkan kantor nonaktif
      </label>
      <DataTable
        label="Tabel kantor"
        columns={[
          { label: 'Kantor' },
          { label: 'Zona' },
          { label: 'Radius', className: 'hidden sm:table-cell' },
          { label: 'Karyawan', className: 'hidden md:table-cell' },
          { label: 'Aksi', className: 'text-right' },
        ]}
        rows={offices.length}
        loading={loading}
        loadingLabel="Memuat data kantor..."
        emptyIcon={Building2}
        emptyText="Belum ada kantor"
        footer={<span data-testid="offices-count">{offices.length} kantor</span>}
      >
        {offices.map((o) => (
          <tr key={o.id} data-testid="office-row" className={`hover:bg-slate-50 ${o.active ? '' : 'opacity-70'}`}>
            <td className="px-4 py-3">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {o.name}
                {o.isMain ? (
                  <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">Kantor Utama</span>
                ) : null}
                {o.active ? null : (
                  <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">Nonaktif</span>
                )}
              </p>
              <p className="text-xs text-slate-500">{o.address ?? 'Alamat belum diisi'}</p>
              {o.latitude !== null && o.longitude !== null ? (
                <p className="flex items-center gap-1 font-mono text-xs text-slate-500">
                  <MapPin className="h-3 w-3" aria-hidden /> {o.latitude.toFixed(6)}, {o.longitude.toFixed(6)}
                </p>
              ) : (
                <p className="text-xs font-medium text-amber-700">Lokasi kantor belum diatur</p>
              )}
            </td>
            <td className="px-4 py-3">
              <span
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
                title={o.timezone}
                data-testid="office-zone"
              >
                {o.zone}
              </span>
            </td>
            <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{formatDistance(o.radius)}</td>
            <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{o.employeeCount ?? 0} karyawan</td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                <RowAction icon={Pencil} tone="blue" label={`Edit ${o.name}`} title="Edit" onClick={() => setModal({ office: o })} />
                {o.isMain || !o.active ? null : (
                  <RowAction icon={Trash2} tone="red" label={`Hapus ${o.name}`} title="Hapus" onClick={() => void remove(o)} />
                )}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {modal ? (
        <OfficeFormModal
          office={modal.office}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            void load(false);
          }}
        />
      ) : null}
    </div>
  );
}
