'use client';
// File penggajian on the Absensi Bulanan page: a closed month's payroll file in a preset's columns
// (GET /api/recap/payroll), and for the admin the presets themselves (GET/POST /api/payroll-presets,
// PUT/DELETE /api/payroll-presets/{id}). Rules: docs/exports.md, "File penggajian".
import { useCallback, useEffect, useState } from 'react';
import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { downloadUrl } from '@/features/attendance/components/ExportButtons';
import { STANDARD_PRESET_ID } from '@/features/payroll/lib/columns';
import type { PayrollPresetDto, PayrollPresetsDto } from '@/features/payroll/types/payroll';
import { PresetForm } from '@/features/payroll/components/PresetForm';

export function PayrollPanel({ month, closed }: { month: string; closed: boolean }) {
  const { user } = useAuth();
  const isAdmin = user?.role === 'admin';
  const [data, setData] = useState<PayrollPresetsDto | null>(null);
  const [presetId, setPresetId] = useState(STANDARD_PRESET_ID);
  const [editing, setEditing] = useState<PayrollPresetDto | 'new' | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await api.get<PayrollPresetsDto>('/payroll-presets'));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat preset penggajian'));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const download = (format: 'csv' | 'xlsx') => {
    downloadUrl(`/api/recap/payroll?month=${month}&preset=${presetId}&format=${format}`);
    void toast('success', 'File penggajian berhasil diunduh', 2000);
  };
  const remove = async (p: PayrollPresetDto) => {
    if (!(await confirmDialog({ title: 'Hapus preset?', text: `Preset ${p.name} akan dihapus.`, confirmText: 'Hapus' }))) return;
    try {
      await api.delete(`/payroll-presets/${p.id}`);
      if (presetId === p.id) setPresetId(STANDARD_PRESET_ID);
      void toast('success', 'Preset dihapus');
      await load();
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Gagal menghapus preset'));
    }
  };
  const saved = async (p: PayrollPresetDto) => {
    setEditing(null);
    setPresetId(p.id);
    await load();
  };

  const button =
    'inline-flex items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="payroll-heading">
      <h2 id="payroll-heading" className="text-base font-semibold text-slate-800">
        File Penggajian
      </h2>
      <p className="text-sm text-slate-700">
        Satu baris per karyawan dengan NIK, dari data beku periode yang sudah ditutup: file yang sama setiap kali diunduh.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm text-slate-700">
          Preset
          <select
            value={presetId}
            onChange={(e) => setPresetId(e.target.value)}
            className="ml-2 rounded-lg border border-slate-300 px-3 py-2 text-sm"
            data-testid="payroll-preset"
          >
            {(data?.presets ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={button} disabled={!closed} onClick={() => download('csv')}>
          <Download className="h-4 w-4" aria-hidden /> Penggajian CSV
        </button>
        <button type="button" className={button} disabled={!closed} onClick={() => download('xlsx')}>
          <Download className="h-4 w-4" aria-hidden /> Penggajian XLSX
        </button>
      </div>
      {!closed ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="payroll-open">
          Periode ini belum ditutup. Tutup periode terlebih dahulu sebelum mengunduh file penggajian.
        </p>
      ) : null}
      {isAdmin && data ? (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-800">Preset Kolom</h3>
          <ul className="divide-y divide-slate-100 text-sm" data-testid="payroll-presets">
            {data.presets.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <strong>{p.name}</strong>{' '}
                  <span className="text-slate-600">
                    {p.columns.length} kolom{p.builtIn ? ' · bawaan' : ''}
                  </span>
                </span>
                {p.builtIn ? null : (
                  <span className="flex gap-2">
                    <button type="button" className={button} onClick={() => setEditing(p)} aria-label={`Ubah preset ${p.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden /> Ubah
                    </button>
                    <button type="button" className={button} onClick={() => void remove(p)} aria-label={`Hapus preset ${p.name}`}>
                      <Trash2 className="h-4 w-4" aria-hidden /> Hapus
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
          {editing ? (
            <PresetForm
              key={editing === 'new' ? 'new' : editing.id}
              catalog={data.catalog}
              preset={editing === 'new' ? null : editing}
              onSaved={(p) => void saved(p)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <button type="button" className={button} onClick={() => setEditing('new')}>
              <Plus className="h-4 w-4" aria-hidden /> Preset Baru
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
