'use client';
// Setujui Mesin / Ubah Mesin (docs/terminals.md): a pending terminal is accepted with a name and the
// office it stands in (its clock is that office's wall clock); an accepted one is renamed or moved.
import { useState } from 'react';
import { Modal, ModalActions } from '@/components/ui/Modal';
import { SelectField, TextField } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { useHydrated } from '@/hooks/useHydrated';
import type { TerminalDto } from '@/features/terminals/types/terminals';
import type { OfficeDto } from '@/features/offices/types/offices';

export function TerminalFormModal({
  terminal,
  offices,
  onClose,
  onSaved,
}: {
  terminal: TerminalDto;
  offices: OfficeDto[];
  onClose: () => void;
  onSaved: (t: TerminalDto) => void;
}) {
  const hydrated = useHydrated();
  const accepting = terminal.status === 'pending';
  const [name, setName] = useState(terminal.name ?? '');
  const [officeId, setOfficeId] = useState(terminal.office?.id ?? offices.find((o) => o.isMain)?.id ?? offices[0]?.id ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onSaved(await api.put<TerminalDto>(`/terminals/${terminal.id}`, { name, officeId, ...(accepting ? { accepted: true } : {}) }));
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan mesin absensi'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal id="terminal-form" title={accepting ? 'Setujui Mesin Absensi' : 'Ubah Mesin Absensi'} onClose={onClose}>
      <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4 px-6 py-5">
        <p className="text-sm text-slate-700">
          Nomor seri <span className="font-mono font-semibold">{terminal.serialNumber}</span>
          {accepting ? '. Setujui hanya mesin milik kantor Anda: absen dari mesin ini akan dihitung untuk kantor yang dipilih.' : null}
        </p>
        <TextField
          id="terminal-name"
          label="Nama mesin"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          placeholder="mis. Mesin Pintu Depan"
        />
        <SelectField
          id="terminal-office"
          label="Kantor"
          hint="Jam mesin dibaca sebagai jam dinding kantor ini"
          value={officeId}
          onChange={(e) => setOfficeId(e.target.value)}
        >
          {offices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectField>
        <ModalActions onCancel={onClose} busy={busy} ready={hydrated && !!officeId} submitLabel={accepting ? 'Setujui' : 'Simpan'} />
      </form>
    </Modal>
  );
}
