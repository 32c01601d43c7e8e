'use client';
// Tambah Webhook / Ubah Webhook (docs/webhooks.md): the URL, the events, a note, on/off and the explicit
// allowance for a private address. A new webhook answers its signing secret, shown here once.
import { useState } from 'react';
import { Modal, ModalActions, ShownOnceModal } from '@/components/ui/Modal';
import { CheckField, TextField } from '@/components/ui/Field';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog } from '@/lib/ui/alerts';
import { useHydrated } from '@/hooks/useHydrated';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS, type WebhookEvent } from '@/features/webhooks/lib/events';
import type { CreatedWebhookDto, WebhookDto } from '@/features/webhooks/types/webhooks';

export function WebhookFormModal({ webhook, onClose, onSaved }: { webhook: WebhookDto | null; onClose: () => void; onSaved: () => void }) {
  const hydrated = useHydrated();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<WebhookEvent[]>(webhook?.events ?? []);
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [active, setActive] = useState(webhook?.active ?? true);
  const [allowPrivateNetwork, setAllowPrivate] = useState(webhook?.allowPrivateNetwork ?? false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const toggle = (e: WebhookEvent, on: boolean) => setEvents((list) => (on ? [...list, e] : list.filter((x) => x !== e)));

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!events.length) return void alertDialog('error', 'Gagal Menyimpan', 'Pilih minimal satu event');
    setBusy(true);
    const body = { url, events, description: description || null, active, allowPrivateNetwork };
    try {
      if (webhook) {
        await api.put(`/webhooks/${webhook.id}`, body);
        onSaved();
      } else setSecret((await api.post<CreatedWebhookDto>('/webhooks', body)).secret);
    } catch (err) {
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan webhook'));
    } finally {
      setBusy(false);
    }
  };

  if (secret)
    return (
      <ShownOnceModal id="webhook-secret" title="Secret Webhook" onDone={onSaved}>
        <p>Simpan secret ini di sistem penerima untuk memeriksa tanda tangan setiap kiriman (header X-Absensi-Signature):</p>
        <p className="break-all rounded-xl bg-slate-100 p-3 font-mono text-sm text-slate-900" data-testid="webhook-secret">
          {secret}
        </p>
        <p>Secret tidak akan ditampilkan lagi.</p>
      </ShownOnceModal>
    );

  return (
    <Modal id="webhook-form" title={webhook ? 'Ubah Webhook' : 'Tambah Webhook'} onClose={onClose}>
      <form method="post" onSubmit={(e) => void submit(e)} className="space-y-4 px-6 py-5">
        <TextField
          id="webhook-url"
          label="URL penerima"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          maxLength={2000}
          placeholder="https://erp.perusahaan.co.id/absensi"
          required
        />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Event</legend>
          {WEBHOOK_EVENTS.map((e) => (
            <CheckField
              key={e}
              id={`webhook-event-${e.replace('.', '-')}`}
              label={`${WEBHOOK_EVENT_LABELS[e]} (${e})`}
              checked={events.includes(e)}
              onChange={(on) => toggle(e, on)}
            />
          ))}
        </fieldset>
        <TextField
          id="webhook-description"
          label="Keterangan"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={200}
        />
        <CheckField id="webhook-active" label="Aktif" checked={active} onChange={setActive} />
        <div>
          <CheckField
            id="webhook-private"
            label="Izinkan alamat jaringan privat"
            checked={allowPrivateNetwork}
            onChange={setAllowPrivate}
          />
          <p className="mt-1 text-xs text-slate-600">
            Hanya untuk sistem di jaringan kantor sendiri (alamat privat, loopback atau link-local). Tercatat di Log Audit.
          </p>
        </div>
        <ModalActions onCancel={onClose} busy={busy} ready={hydrated} submitLabel={webhook ? 'Simpan' : 'Tambah Webhook'} />
      </form>
    </Modal>
  );
}
