'use client';
// Divisi on Kelola Karyawan (docs/onboarding.md): the list with how many people each has, add, rename, delete.
import { useCallback, useEffect, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { inputClass } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import type { DivisionDto } from '@/features/divisions/types/divisions';
import { useHydrated } from '@/hooks/useHydrated';

export function useDivisions() {
  const [divisions, setDivisions] = useState<DivisionDto[]>([]);
  const reload = useCallback(async () => {
    try {
      setDivisions(await api.get<DivisionDto[]>('/divisions'));
    } catch {
      setDivisions([]);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { divisions, reload };
}

export function DivisionsPanel({
  divisions,
  onChanged,
  onClose,
}: {
  divisions: DivisionDto[];
  onChanged: () => void;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, ok: string, fail: string) => {
    setBusy(true);
    try {
      await work();
      onChanged();
      void toast('success', ok, 2000);
      return true;
    } catch (err) {
      void alertDialog('error', fail, errorMessage(err, fail));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const rename = async (d: DivisionDto) => {
    const next = window.prompt(`Nama baru untuk divisi ${d.name}`, d.name);
    if (next && next.trim() !== d.name)
      await run(() => api.put(`/divisions/${d.id}`, { name: next }), 'Divisi diubah', 'Gagal Mengubah Divisi');
  };
  const remove = async (d: DivisionDto) => {
    const ok = await confirmDialog({
      title: 'Hapus Divisi',
      text: d.memberCount ? `Hapus divisi ${d.name}? ${d.memberCount} karyawan akan tanpa divisi.` : `Hapus divisi ${d.name}?`,
      confirmText: 'Ya, Hapus',
    });
    if (ok) await run(() => api.delete(`/divisions/${d.id}`), 'Divisi dihapus', 'Gagal Menghapus Divisi');
  };
  return (
    <Modal id="divisions" title="Divisi" onClose={onClose}>
      <div className="space-y-4 p-6">
        <form
          method="post"
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => api.post('/divisions', { name }), 'Divisi ditambahkan', 'Gagal Menambah Divisi').then((ok) => ok && setName(''));
          }}
        >
          <input
            aria-label="Nama divisi"
            placeholder="Nama divisi baru"
            value={name}
            onChange={(e) => setName(e.target.value)}
            className={inputClass}
          />
          <Button type="submit" disabled={!hydrated || busy || name.trim() === ''}>
            Tambah
          </Button>
        </form>
        {divisions.length === 0 ? (
          <p className="text-sm text-slate-600">Belum ada divisi</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {divisions.map((d) => (
              <li key={d.id} className="flex items-center justify-between py-2 text-sm">
                <button
                  type="button"
                  className="text-left hover:underline"
                  onClick={() => void rename(d)}
                  aria-label={`Ubah nama divisi ${d.name}`}
                >
                  {d.name} <span className="text-slate-500">({d.memberCount} karyawan)</span>
                </button>
                <button
                  type="button"
                  className="rounded p-1 text-red-600 hover:bg-red-50"
                  onClick={() => void remove(d)}
                  aria-label={`Hapus divisi ${d.name}`}
                >
                  <Trash2 className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
