'use client';
// The admin's Notifikasi page (docs/notifications.md): the company's channels and reminders, and
// Notifikasi Gagal (deliveries whose every retry failed) with a resend. A channel the server has no
// settings for (SMTP_URL, the WhatsApp gateway) cannot be turned on and says so.
import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import type { FailedDeliveryDto, NotificationSettingsDto } from '@/features/notifications/types/notifications';

type Form = Omit<NotificationSettingsDto, 'configured'>;
const CHANNEL_LABEL = { email: 'E-mail', whatsapp: 'WhatsApp', push: 'Push (peramban)' } as const;

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

function Minutes({ label, value, onChange }: { label: string; value: number; onChange: (v: number) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>{label}</span>
      <input
        type="number"
        min={0}
        max={720}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-20 rounded border border-slate-300 px-2 py-1"
      />
      <span>menit</span>
    </label>
  );
}

export function NotificationsAdmin() {
  const [settings, setSettings] = useState<NotificationSettingsDto | null>(null);
  const [form, setForm] = useState<Form | null>(null);
  const [failed, setFailed] = useState<FailedDeliveryDto[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [s, f] = await Promise.all([
        api.get<NotificationSettingsDto>('/notifications/settings'),
        api.get<FailedDeliveryDto[]>('/notifications/failed'),
      ]);
      const { configured: _c, ...rest } = s;
      setSettings(s);
      setForm(rest);
      setFailed(f);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal memuat pengaturan notifikasi'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => (f ? { ...f, [k]: v } : f));

  const save = async () => {
    if (!form) return;
    setBusy(true);
    try {
      const s = await api.put<NotificationSettingsDto>('/notifications/settings', form);
      setSettings(s);
      void toast('success', 'Pengaturan notifikasi disimpan', 2000);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal menyimpan pengaturan notifikasi'));
    } finally {
      setBusy(false);
    }
  };

  const resend = async (id: string) => {
    try {
      await api.post(`/notifications/failed/${id}/resend`);
      void toast('success', 'Notifikasi dijadwalkan untuk dikirim ulang', 2000);
      setFailed((list) => list?.filter((d) => d.id !== id) ?? null);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mengirim ulang notifikasi'));
    }
  };

  return (
    <div>
      <PageHeader title="Notifikasi" subtitle="Kanal pengiriman, pengingat, dan notifikasi yang gagal terkirim" />
      {!form || !settings ? <p className="text-sm text-slate-500">Memuat pengaturan notifikasi...</p> : null}
      {form && settings ? (
        <section className="mb-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="notif-settings">
          <h2 id="notif-settings" className="text-lg font-semibold text-slate-900">
            Pengaturan Notifikasi
          </h2>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-700">Kanal (notifikasi di aplikasi selalu aktif)</p>
            {(['email', 'whatsapp', 'push'] as const).map((c) => {
              const key = `${c}Enabled` as const;
              const configured = settings.configured.includes(c);
              return (
                <div key={c}>
                  <Toggle label={CHANNEL_LABEL[c]} checked={form[key] && configured} disabled={!configured} onChange={(v) => set(key, v)} />
                  {!configured ? (
                    <p className="ml-6 text-xs text-slate-500">
                      Belum dikonfigurasi di server ({c === 'email' ? 'SMTP_URL' : 'WHATSAPP_GATEWAY_URL'}).
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-700">Pengingat</p>
            <Toggle
              label="Belum check-in setelah shift dimulai"
              checked={form.checkInReminder}
              onChange={(v) => set('checkInReminder', v)}
            />
            <Minutes label="Kirim setelah" value={form.checkInReminderMinutes} onChange={(v) => set('checkInReminderMinutes', v)} />
            <Toggle
              label="Belum check-out setelah shift berakhir"
              checked={form.checkOutReminder}
              onChange={(v) => set('checkOutReminder', v)}
            />
            <Minutes label="Kirim setelah" value={form.checkOutReminderMinutes} onChange={(v) => set('checkOutReminderMinutes', v)} />
            <Toggle
              label="Ringkasan harian pengajuan yang menunggu keputusan"
              checked={form.approverDigest}
              onChange={(v) => set('approverDigest', v)}
            />
            <Toggle
              label="Cuti yang dimulai dalam 2 hari dan belum diputuskan (ke HR)"
              checked={form.pendingLeaveEscalation}
              onChange={(v) => set('pendingLeaveEscalation', v)}
            />
            <label className="flex items-center gap-2 text-sm">
              <span>Jam ringkasan harian</span>
              <input
                type="time"
                value={form.digestTime}
                onChange={(e) => set('digestTime', e.target.value)}
                className="rounded border border-slate-300 px-2 py-1"
              />
            </label>
          </div>
          <button
            type="button"
            onClick={() => void save()}
            disabled={busy}
            className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
          >
            Simpan
          </button>
        </section>
      ) : null}
      <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="notif-failed">
        <h2 id="notif-failed" className="mb-3 text-lg font-semibold text-slate-900">
          Notifikasi Gagal
        </h2>
        {failed && failed.length === 0 ? <p className="text-sm text-slate-500">Tidak ada notifikasi yang gagal terkirim.</p> : null}
        {failed && failed.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-500">
                <tr>
                  <th className="py-2 pr-3">Penerima</th>
                  <th className="py-2 pr-3">Kanal</th>
                  <th className="py-2 pr-3">Notifikasi</th>
                  <th className="py-2 pr-3">Percobaan</th>
                  <th className="py-2 pr-3">Kesalahan terakhir</th>
                  <th className="py-2">Aksi</th>
                </tr>
              </thead>
              <tbody>
                {failed.map((d) => (
                  <tr key={d.id} className="border-t border-slate-100 align-top">
                    <td className="py-2 pr-3">
                      {d.notification.userName ?? '-'}
                      <div className="text-xs text-slate-500">{d.address ?? ''}</div>
                    </td>
                    <td className="py-2 pr-3">{CHANNEL_LABEL[d.channel]}</td>
                    <td className="py-2 pr-3">{d.notification.title}</td>
                    <td className="py-2 pr-3">{d.attempts}</td>
                    <td className="py-2 pr-3 break-all text-xs text-red-700">{d.lastError ?? '-'}</td>
                    <td className="py-2">
                      <button
                        type="button"
                        onClick={() => void resend(d.id)}
                        className="rounded border border-blue-600 px-3 py-1 text-blue-700 hover:bg-blue-50"
                      >
                        Kirim Ulang
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
