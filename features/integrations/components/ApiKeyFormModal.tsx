'use client';
// Buat Kunci API: a name and the scopes; the answer's key is shown here once, to copy into the other system.
import { useState } from 'react';
import { Modal, ModalActions, ShownOnceModal } from '@/components/ui/Modal';
import { TextField } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { useHydrated } from '@/hooks/useHydrated';
import { API_KEY_SCOPES, SCOPE_LABELS, type ApiKeyScope } from '@/features/integrations/lib/scopes';
import type { CreatedApiKeyDto } from '@/features/integrations/types/api-keys';

export function ApiKeyFormModal({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const hydrated = useHydrated();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);

  const toggle = (scope: ApiKeyScope) => setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!scopes.length) return void alertDialog('warning', 'Izin Belum Dipilih', 'Pilih minimal satu izin untuk kunci ini.');
    setBusy(true);
    try {
      setCreated(await api.post<CreatedApiKeyDto>('/api-keys', { name, scopes }));
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal membuat kunci API'));
    } finally {
      setBusy(false);
    }
  };

  if (created)
    return (
      <ShownOnceModal id="api-key-created" title="Kunci API Dibuat" copy={created.key} onDone={onSaved}>
        <p>
          Salin kunci untuk <strong>{created.apiKey.name}</strong> sekarang. Kunci ini <strong>hanya ditampilkan sekali</strong>; yang
          disimpan hanya sidiknya.
        </p>
        <label htmlFor="api-key-value" className="block text-xs font-semibold text-slate-600">
          Kunci API
        </label>
        <input
          id="api-key-value"
          readOnly
          value={created.key}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="api-key-value"
          className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
        />
        <p>
          Kirim sebagai header <span className="font-mono">Authorization: Bearer &lt;kunci&gt;</span>.
        </p>
      </ShownOnceModal>
    );

  return (
    <Modal id="api-key-form" title="Buat Kunci API" onClose={onClose}>
      <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4 px-6 py-5">
        <TextField
          id="api-key-name"
          label="Nama integrasi"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={80}
          required
          placeholder="mis. Sistem Penggajian"
        />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Izin</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => toggle(scope)} className="h-4 w-4" />
              <span>{SCOPE_LABELS[scope]}</span>
              <span className="font-mono text-xs text-slate-500">{scope}</span>
            </label>
          ))}
        </fieldset>
        <ModalActions onCancel={onClose} busy={busy || !hydrated} submitLabel="Buat Kunci" />
      </form>
    </Modal>
  );
}
