'use client';
// Log Pengiriman of one webhook (docs/webhooks.md): the last 100 deliveries, each with its attempts (the
// receiver's status, the start of its answer or the error, the time taken) and Kirim Ulang.
import { useCallback, useEffect, useState } from 'react';
import { RotateCw } from 'lucide-react';
import { Modal } from '@/components/ui/Modal';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { dateKeyInZone, formatDateShort, formatTime } from '@/lib/dates';
import type { WebhookDeliveryDto, WebhookDto } from '@/features/webhooks/types/webhooks';

const STATUS: Record<WebhookDeliveryDto['status'], { label: string; tone: string }> = {
  pending: { label: 'Dalam antrean', tone: 'bg-amber-100 text-amber-800' },
  sent: { label: 'Terkirim', tone: 'bg-green-100 text-green-800' },
  failed: { label: 'Gagal', tone: 'bg-red-100 text-red-800' },
};
const when = (iso: string) => `${formatDateShort(dateKeyInZone(new Date(iso)))} ${formatTime(iso)}`;

export function WebhookDeliveriesModal({ webhook, onClose }: { webhook: WebhookDto; onClose: () => void }) {
  const [rows, setRows] = useState<WebhookDeliveryDto[] | null>(null);

  const load = useCallback(async () => {
    try {
      setRows(await api.get<WebhookDeliveryDto[]>(`/webhooks/${webhook.id}/deliveries`));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat log pengiriman'));
    }
  }, [webhook.id]);

  useEffect(() => {
    void load();
  }, [load]);

  const resend = async (d: WebhookDeliveryDto) => {
    try {
      await api.post(`/webhooks/deliveries/${d.id}/resend`, {});
      void toast('success', 'Pengiriman dijadwalkan ulang');
      await load();
    } catch (err) {
      void alertDialog('error', 'Gagal Mengirim Ulang', errorMessage(err, 'Gagal mengirim ulang'));
    }
  };

  return (
    <Modal id="webhook-log" title="Log Pengiriman" onClose={onClose} wide>
      <div className="space-y-3 px-4 py-4 text-sm sm:px-6">
        <p className="break-all text-slate-600">{webhook.url}</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => void load()}>
            <RotateCw className="h-4 w-4" aria-hidden />
            Muat Ulang
          </Button>
        </div>
        {rows === null ? (
          <Spinner label="Memuat log pengiriman..." />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-slate-600">Belum ada pengiriman</p>
        ) : (
          <ul className="space-y-3">
            {rows.map((d) => (
              <li key={d.id} data-testid="webhook-delivery" data-delivery={d.id} className="rounded-xl border border-slate-200 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-mono text-sm font-semibold text-slate-900">{d.event}</p>
                    <p className="text-xs text-slate-600">{when(d.createdAt)}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS[d.status].tone}`}>
                      {STATUS[d.status].label}
                    </span>
                    {d.status === 'pending' ? null : (
                      <Button variant="secondary" onClick={() => void resend(d)} aria-label={`Kirim ulang ${d.event} ${when(d.createdAt)}`}>
                        Kirim Ulang
                      </Button>
                    )}
                  </div>
                </div>
                {d.log.length ? (
                  <ol className="mt-2 space-y-1 text-xs text-slate-700">
                    {d.log.map((a) => (
                      <li key={a.number} data-testid="webhook-attempt" className="break-all">
                        #{a.number} · {when(a.at)} · {a.status === null ? 'tanpa jawaban' : `HTTP ${a.status}`} · {a.durationMs} ms
                        {a.error || a.body ? ` · ${a.error ?? a.body}` : ''}
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
