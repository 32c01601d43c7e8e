'use client';
// Mesin Absensi (/admin/terminals, /hr/terminals; docs/terminals.md): the attendance machines that
// called this server, pending ones first. An admin accepts a pending serial number into an office,
// renames or moves a machine, or deletes it; HR sees the list. Both upload attlog files (Unggah File
// Absensi) and see the PINs the machines sent that no employee carries, to give them to the right
// person. GET /terminals, PUT/DELETE /terminals/{id}, POST /attendance/import.
import { useCallback, useEffect, useState } from 'react';
import { CheckCircle2, Fingerprint, Pencil, Trash2, Upload } from 'lucide-react';
import { Button, RefreshButton } from '@/components/ui/Button';
import { DataTable } from '@/components/ui/DataTable';
import { ListTable } from '@/components/ui/ListTable';
import { PageHeader } from '@/components/ui/PageHeader';
import { RowAction } from '@/components/ui/RowAction';
import { Panel } from '@/components/ui/StatCard';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { dateKeyInZone, formatDateShort, formatTime } from '@/lib/dates';
import { TerminalFormModal } from '@/features/terminals/components/TerminalFormModal';
import { AttendanceImportModal } from '@/features/terminals/components/AttendanceImportModal';
import type { TerminalDto, TerminalListDto } from '@/features/terminals/types/terminals';
import type { OfficeDto } from '@/features/offices/types/offices';

const at = (iso: string | null, zone?: string) =>
  iso ? `${formatDateShort(dateKeyInZone(new Date(iso), zone))} ${formatTime(iso, zone)}` : 'Belum pernah';

const STATUS: Record<TerminalDto['status'], { label: string; tone: string }> = {
  pending: { label: 'Menunggu persetujuan', tone: 'bg-amber-100 text-amber-800' },
  accepted: { label: 'Aktif', tone: 'bg-green-100 text-green-800' },
};

export function TerminalsManager({ canManage }: { canManage: boolean }) {
  const [data, setData] = useState<TerminalListDto>({ terminals: [], unknownPins: [] });
  const [offices, setOffices] = useState<OfficeDto[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<TerminalDto | null>(null);
  const [uploading, setUploading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [t, o] = await Promise.all([api.get<TerminalListDto>('/terminals'), api.get<OfficeDto[]>('/offices')]);
      setData(t);
      setOffices(o.filter((x) => x.active));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat data mesin absensi'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const label = (t: TerminalDto) => t.name ?? t.serialNumber;
  const remove = (t: TerminalDto) =>
    confirmDelete({
      title: 'Hapus Mesin',
      text: `Hapus mesin ${label(t)}? Absen yang sudah tercatat tetap ada. Bila mesin ini menghubungi server lagi, ia menunggu persetujuan lagi.`,
      path: `/terminals/${t.id}`,
      reload: load,
      done: () => void savedToast('Mesin Dihapus', `Mesin ${label(t)} sudah dihapus.`),
      failText: 'Gagal menghapus mesin absensi',
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Mesin Absensi"
        subtitle="Mesin sidik jari/wajah kantor (ZKTeco, Solution) yang mengirim absen ke server ini"
        actions={
          <>
            <RefreshButton loading={loading} onClick={() => void load()} />
            <Button onClick={() => setUploading(true)} disabled={!offices.length}>
              <Upload className="h-4 w-4" aria-hidden /> Unggah File Absensi
            </Button>
          </>
        }
      />
      <p className="text-sm text-slate-600">
        Arahkan mesin ke alamat server ini (menu Komunikasi → ADMS/Cloud Server pada mesin). Nomor seri yang baru menghubungi server tampil
        di sini sebagai <strong>Menunggu persetujuan</strong>; absennya tidak diterima sampai administrator menyetujuinya dan memilih
        kantornya.
      </p>
      <DataTable
        label="Tabel mesin absensi"
        columns={[
          { label: 'Mesin' },
          { label: 'Status' },
          { label: 'Terakhir terhubung', className: 'hidden sm:table-cell' },
          { label: 'Absen', className: 'hidden md:table-cell' },
          ...(canManage ? [{ label: 'Aksi', className: 'text-right' }] : []),
        ]}
        rows={data.terminals.length}
        loading={loading}
        loadingLabel="Memuat data mesin absensi..."
        emptyIcon={Fingerprint}
        emptyText="Belum ada mesin yang menghubungi server"
      >
        {data.terminals.map((t) => (
          <tr key={t.id} data-testid="terminal-row" className="hover:bg-slate-50">
            <td className="px-4 py-3">
              <p className="font-medium text-slate-900">{t.name ?? 'Tanpa nama'}</p>
              <p className="font-mono text-xs text-slate-500">SN {t.serialNumber}</p>
              <p className="text-xs text-slate-500">{t.office?.name ?? 'Kantor belum dipilih'}</p>
            </td>
            <td className="px-4 py-3">
              <span className={`whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS[t.status].tone}`}>
                {STATUS[t.status].label}
              </span>
            </td>
            <td className="hidden whitespace-nowrap px-4 py-3 text-slate-700 sm:table-cell">
              {at(t.lastSeenAt, t.office?.timezone)}
              {t.lastIp ? <span className="block font-mono text-xs text-slate-500">{t.lastIp}</span> : null}
            </td>
            <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{t.punches}</td>
            {canManage ? (
              <td className="px-4 py-3">
                <div className="flex justify-end gap-1">
                  {t.status === 'pending' ? (
                    <RowAction
                      icon={CheckCircle2}
                      tone="blue"
                      label={`Setujui ${label(t)}`}
                      title="Setujui"
                      onClick={() => setEditing(t)}
                    />
                  ) : (
                    <RowAction icon={Pencil} tone="blue" label={`Ubah ${label(t)}`} title="Ubah" onClick={() => setEditing(t)} />
                  )}
                  <RowAction icon={Trash2} tone="red" label={`Hapus ${label(t)}`} title="Hapus" onClick={() => void remove(t)} />
                </div>
              </td>
            ) : null}
          </tr>
        ))}
      </DataTable>
      <Panel title="PIN Tidak Dikenal">
        <p className="mb-3 text-sm text-slate-600">
          PIN yang dikirim mesin tetapi belum dimiliki karyawan mana pun. Isi PIN Mesin Absensi pada data karyawan (Kelola Karyawan), lalu
          unggah ulang file absensi hari-hari tersebut.
        </p>
        {data.unknownPins.length === 0 ? (
          <p className="text-sm text-slate-500" data-testid="unknown-pins-empty">
            Tidak ada PIN yang tidak dikenal.
          </p>
        ) : (
          <ListTable label="Tabel PIN tidak dikenal" columns={['PIN', 'Absen', 'Pertama', 'Terakhir', 'Kantor']}>
            {data.unknownPins.map((p) => (
              <tr key={p.pin} className="border-t border-slate-100" data-testid="unknown-pin-row">
                <td className="py-2 pr-3 font-mono font-semibold">{p.pin}</td>
                <td className="px-2 py-2">{p.punches}</td>
                <td className="whitespace-nowrap px-2 py-2">{at(p.firstAt)}</td>
                <td className="whitespace-nowrap px-2 py-2">{at(p.lastAt)}</td>
                <td className="py-2 pl-2 text-right">{p.offices.join(', ')}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </Panel>
      {editing ? (
        <TerminalFormModal
          terminal={editing}
          offices={offices}
          onClose={() => setEditing(null)}
          onSaved={(t) => {
            setEditing(null);
            void load();
            void alertDialog(
              'success',
              'Berhasil',
              editing.status === 'pending' ? `Mesin ${label(t)} disetujui untuk ${t.office?.name}.` : 'Mesin absensi disimpan.',
            );
          }}
        />
      ) : null}
      {uploading ? (
        <AttendanceImportModal
          offices={offices}
          terminals={data.terminals}
          onClose={() => setUploading(false)}
          onImported={() => void load()}
        />
      ) : null}
    </div>
  );
}
