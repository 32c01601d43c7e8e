'use client';
// Kiosk Absensi (/admin/kiosks): the offices' shared tablets (docs/kiosk.md). Add one (a one-time
// pairing code), rename, revoke; each row shows its office, state, when it was last seen and how many
// identifications were answered "Bukan saya". GET/POST /kiosks, PUT/DELETE /kiosks/{id}.
import { useCallback, useEffect, useState } from 'react';
import { Pencil, Tablet, Ban } from 'lucide-react';
import { AddButton, RefreshButton } from '@/components/ui/Button';
import { PageHeader } from '@/components/ui/PageHeader';
import { RowAction } from '@/components/ui/RowAction';
import { DataTable } from '@/components/ui/DataTable';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { formatDateShort, formatTime, dateKeyInZone } from '@/lib/dates';
import { KioskFormModal } from '@/features/kiosk/components/KioskFormModal';
import type { KioskDto } from '@/features/kiosk/types/kiosk';
import type { OfficeDto } from '@/features/offices/types/offices';

const STATUS: Record<KioskDto['status'], { label: string; tone: string }> = {
  menunggu: { label: 'Menunggu pemasangan', tone: 'bg-amber-100 text-amber-800' },
  aktif: { label: 'Aktif', tone: 'bg-green-100 text-green-800' },
  dicabut: { label: 'Dicabut', tone: 'bg-slate-200 text-slate-700' },
};

const seen = (iso: string | null) => (iso ? `${formatDateShort(dateKeyInZone(new Date(iso)))} ${formatTime(iso)}` : 'Belum pernah');

export function KiosksManager() {
  const [kiosks, setKiosks] = useState<KioskDto[]>([]);
  const [offices, setOffices] = useState<OfficeDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [modal, setModal] = useState<{ kiosk: KioskDto | null } | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [k, o] = await Promise.all([api.get<KioskDto[]>('/kiosks'), api.get<OfficeDto[]>('/offices')]);
      setKiosks(k);
      setOffices(o.filter((x) => x.active));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat data kiosk'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const revoke = (k: KioskDto) =>
    confirmDelete({
      title: 'Cabut Kiosk',
      text: `Cabut kiosk ${k.name}? Tablet ini tidak dapat dipakai absen lagi sampai dipasangkan ulang dengan kode baru.`,
      path: `/kiosks/${k.id}`,
      reload: load,
      done: () => void savedToast('Kiosk Dicabut', `Kiosk ${k.name} sudah dicabut.`),
      failText: 'Gagal mencabut kiosk',
    });

  return (
    <div>
      <PageHeader
        title="Kiosk Absensi"
        subtitle="Tablet bersama di pintu kantor untuk karyawan tanpa ponsel"
        actions={
          <>
            <RefreshButton loading={loading} onClick={() => void load()} />
            <AddButton label="Tambah Kiosk" onClick={() => setModal({ kiosk: null })} />
          </>
        }
      />
      <DataTable
        label="Tabel kiosk"
        columns={[
          { label: 'Kiosk' },
          { label: 'Status' },
          { label: 'Terakhir aktif', className: 'hidden sm:table-cell' },
          { label: '"Bukan saya"', className: 'hidden md:table-cell' },
          { label: 'Aksi', className: 'text-right' },
        ]}
        rows={kiosks.length}
        loading={loading}
        loadingLabel="Memuat data kiosk..."
        emptyIcon={Tablet}
        emptyText="Belum ada kiosk"
      >
        {kiosks.map((k) => (
          <tr key={k.id} data-testid="kiosk-row" className="hover:bg-slate-50">
            <td className="px-4 py-3">
              <p className="font-medium text-slate-900">{k.name}</p>
              <p className="text-xs text-slate-500">{k.office.name}</p>
            </td>
            <td className="px-4 py-3">
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS[k.status].tone}`}>{STATUS[k.status].label}</span>
            </td>
            <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">{seen(k.lastSeenAt)}</td>
            <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{k.notMeCount} kali</td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1">
                {k.status === 'dicabut' ? null : (
                  <>
                    <RowAction
                      icon={Pencil}
                      tone="blue"
                      label={`Ubah nama ${k.name}`}
                      title="Ubah nama"
                      onClick={() => setModal({ kiosk: k })}
                    />
                    <RowAction icon={Ban} tone="red" label={`Cabut ${k.name}`} title="Cabut" onClick={() => void revoke(k)} />
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {modal ? (
        <KioskFormModal
          kiosk={modal.kiosk}
          offices={offices}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
