'use client';
// The payroll preset editor: choose columns, order them, rename them; the number and date formats.
import { useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { useHydrated } from '@/hooks/useHydrated';
import { DATE_FORMATS, STANDARD_PRESET, type PayrollColumnDef, type PayrollPresetShape } from '@/features/payroll/lib/columns';
import type { PayrollPresetDto } from '@/features/payroll/types/payroll';

export function PresetForm({
  catalog,
  preset,
  onSaved,
  onCancel,
}: {
  catalog: PayrollColumnDef[];
  preset: PayrollPresetDto | null;
  onSaved: (p: PayrollPresetDto) => void;
  onCancel: () => void;
}) {
  const hydrated = useHydrated();
  const [form, setForm] = useState<PayrollPresetShape>(() =>
    preset
      ? { ...preset, columns: preset.columns.map((c) => ({ ...c })) }
      : { ...STANDARD_PRESET, name: '', columns: STANDARD_PRESET.columns.map((c) => ({ ...c })) },
  );
  const [adding, setAdding] = useState('');
  const [saving, setSaving] = useState(false);
  const unused = catalog.filter((c) => !form.columns.some((x) => x.key === c.key));
  const set = <K extends keyof PayrollPresetShape>(k: K, v: PayrollPresetShape[K]) => setForm((f) => ({ ...f, [k]: v }));
  const move = (i: number, by: number) =>
    setForm((f) => {
      const cols = [...f.columns];
      const [c] = cols.splice(i, 1);
      cols.splice(i + by, 0, c!);
      return { ...f, columns: cols };
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const saved = preset
        ? await api.put<PayrollPresetDto>(`/payroll-presets/${preset.id}`, form)
        : await api.post<PayrollPresetDto>('/payroll-presets', form);
      void toast('success', preset ? 'Preset diperbarui' : 'Preset disimpan');
      onSaved(saved);
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan preset'));
    } finally {
      setSaving(false);
    }
  };
  const input = 'rounded-lg border border-slate-300 px-2 py-1 text-sm';
  const icon = 'rounded border border-slate-300 p-1 disabled:opacity-40';

  return (
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      data-testid="preset-form"
    >
      <label className="block text-sm text-slate-700">
        Nama preset
        <input value={form.name} onChange={(e) => set('name', e.target.value)} required maxLength={60} className={`ml-2 ${input}`} />
      </label>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Kolom (urutan file)</legend>
        <ol className="space-y-1">
          {form.columns.map((c, i) => {
            const def = catalog.find((d) => d.key === c.key);
            return (
              <li key={c.key} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-6 text-right tabular-nums text-slate-600">{i + 1}.</span>
                <input
                  value={c.header}
                  aria-label={`Judul kolom ${def?.header ?? c.key}`}
                  onChange={(e) =>
                    set(
                      'columns',
                      form.columns.map((x, k) => (k === i ? { ...x, header: e.target.value } : x)),
                    )
                  }
                  required
                  maxLength={60}
                  className={`min-w-0 flex-1 ${input}`}
                />
                <span className="text-xs text-slate-600">{def?.header}</span>
                <button type="button" className={icon} onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Naikkan ${c.header}`}>
                  <ArrowUp className="h-3 w-3" aria-hidden />
                </button>
                <button
                  type="button"
                  className={icon}
                  onClick={() => move(i, 1)}
                  disabled={i === form.columns.length - 1}
                  aria-label={`Turunkan ${c.header}`}
                >
                  <ArrowDown className="h-3 w-3" aria-hidden />
                </button>
                <button
                  type="button"
                  className={icon}
                  onClick={() =>
                    set(
                      'columns',
                      form.columns.filter((_, k) => k !== i),
                    )
                  }
                  aria-label={`Hapus kolom ${c.header}`}
                >
                  <X className="h-3 w-3" aria-hidden />
                </button>
              </li>
            );
          })}
        </ol>
        {unused.length ? (
          <div className="flex flex-wrap items-center gap-2 pt-1 text-sm">
            <label className="text-slate-700">
              Tambah kolom
              <select value={adding} onChange={(e) => setAdding(e.target.value)} className={`ml-2 ${input}`}>
                <option value="">Pilih kolom…</option>
                {unused.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.header} — {c.description}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-3 py-1"
              disabled={!adding}
              onClick={() => {
                const def = catalog.find((c) => c.key === adding);
                if (def) set('columns', [...form.columns, { key: def.key, header: def.header }]);
                setAdding('');
              }}
            >
              Tambah
            </button>
          </div>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-3 text-sm text-slate-700">
        <label>
          Pemisah desimal
          <select
            value={form.decimalSeparator}
            onChange={(e) => set('decimalSeparator', e.target.value as ',' | '.')}
            className={`ml-2 ${input}`}
          >
            <option value=",">Koma (12,5)</option>
            <option value=".">Titik (12.5)</option>
          </select>
        </label>
        <label>
          Desimal
          <select
            value={form.decimals === null ? 'auto' : String(form.decimals)}
            onChange={(e) => set('decimals', e.target.value === 'auto' ? null : Number(e.target.value))}
            className={`ml-2 ${input}`}
          >
            <option value="auto">Otomatis</option>
            <option value="0">0</option>
            <option value="1">1</option>
            <option value="2">2</option>
          </select>
        </label>
        <label>
          Format tanggal
          <select
            value={form.dateFormat}
            onChange={(e) => set('dateFormat', e.target.value as PayrollPresetShape['dateFormat'])}
            className={`ml-2 ${input}`}
          >
            {DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pemisah CSV
          <select value={form.csvSeparator} onChange={(e) => set('csvSeparator', e.target.value as ';' | ',')} className={`ml-2 ${input}`}>
            <option value=";">Titik koma (;)</option>
            <option value=",">Koma (,)</option>
          </select>
        </label>
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={!hydrated || saving || !form.columns.length}
          className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-50"
        >
          Simpan Preset
        </button>
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 text-sm">
          Batal
        </button>
      </div>
    </form>
  );
}
