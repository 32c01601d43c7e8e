'use client';
// Tambah Kiosk / Ubah Nama Kiosk: a new kiosk takes a name and an office and answers its one-time
// pairing code, shown here once (10 minutes); a rename takes the name only.
import { useState } from 'react';
import { Modal, ModalActions, ShownOnceModal } from '@/components/ui/Modal';
import { SelectField, TextField } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { formatTime } from '@/lib/dates';
import type { CreatedKioskDto, KioskDto } from '@/features/kiosk/types/kiosk';
import type { OfficeDto } from '@/features/offices/types/offices';
import { useHydrated } from '@/hooks/useHydrated';

export function KioskFormModal({
  kiosk,
  offices,
  onClose,
  onSaved,
}: {
  kiosk: KioskDto | null;
  offices: OfficeDto[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const hydrated = useHydrated();
  const [name, setName] = useState(kiosk?.name ?? '');
  const [officeId, setOfficeId] = useState(offices.find((o) => o.isMain)?.id ?? offices[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedKioskDto | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      if (kiosk) {
        await api.put(`/kiosks/${kiosk.id}`, { name });
        onSaved();
      } else setCreated(await api.post<CreatedKioskDto>('/kiosks', { name, officeId }));
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan kiosk'));
    } finally {
      setBusy(false);
    }
  };

  if (created)
    return (
      <ShownOnceModal id="kiosk-code" title="Kode Pemasangan Kiosk" onDone={onSaved}>
        <p>
          Buka <span className="font-mono font-semibold">/kiosk</span> di tablet kantor <strong>{created.kiosk.office.name}</strong>, lalu
          masukkan kode ini:
        </p>
        <p
          className="rounded-xl bg-slate-100 py-4 text-center font-mono text-3xl font-bold tracking-[0.3em] text-slate-900"
          data-testid="pairing-code"
        >
          {created.pairingCode}
        </p>
        <p>Kode hanya berlaku sekali, sampai pukul {formatTime(created.pairingExpiresAt)} (10 menit), dan tidak akan ditampilkan lagi.</p>
      </ShownOnceModal>
    );

  return (
    <Modal id="kiosk-form" title={kiosk ? 'Ubah Nama Kiosk' : 'Tambah Kiosk'} onClose={onClose}>
      <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4 px-6 py-5">
        <TextField id="kiosk-name" label="Nama kiosk" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
        {kiosk ? null : (
          <SelectField id="kiosk-office" label="Kantor" value={officeId} onChange={(e) => setOfficeId(e.target.value)}>
            {offices.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectField>
        )}
        <ModalActions onCancel={onClose} busy={busy || !hydrated} submitLabel={kiosk ? 'Simpan' : 'Buat Kode Pemasangan'} />
      </form>
    </Modal>
  );
}
