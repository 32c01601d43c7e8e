'use client';
// Akun Saya: where notifications reach this person (docs/notifications.md). The channels the company
// offers (configured and on), each on or off; web push for this browser, with the iPhone caveat (push
// reaches an iPhone only from the app added to the home screen, iOS 16.4 or later). The in-app bell is
// always on.
import { useCallback, useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import type { ChannelName, PreferencesDto } from '@/features/notifications/types/notifications';
import {
  currentPushEndpoint,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from '@/features/notifications/components/push-client';

const LABEL: Record<ChannelName, string> = { email: 'E-mail', whatsapp: 'WhatsApp', push: 'Notifikasi di perangkat (push)' };

export function NotificationPrefsCard() {
  const [prefs, setPrefs] = useState<PreferencesDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const support = pushSupport();

  const load = useCallback(async () => {
    try {
      setPrefs(await api.get<PreferencesDto>('/notifications/preferences'));
      setEndpoint(await currentPushEndpoint());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const toggle = async (channel: ChannelName, enabled: boolean) => {
    setBusy(true);
    try {
      setPrefs(await api.put<PreferencesDto>('/notifications/preferences', { channels: [{ channel, enabled }] }));
      void toast('success', 'Pengaturan notifikasi disimpan', 2000);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal menyimpan pengaturan notifikasi'));
    } finally {
      setBusy(false);
    }
  };

  const pushOn = async () => {
    if (!prefs?.vapidPublicKey) return;
    setBusy(true);
    try {
      await subscribeThisBrowser(prefs.vapidPublicKey);
      void toast('success', 'Notifikasi di perangkat ini aktif', 2000);
      await load();
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mengaktifkan notifikasi di perangkat ini'));
    } finally {
      setBusy(false);
    }
  };

  const pushOff = async () => {
    setBusy(true);
    try {
      await unsubscribeThisBrowser(prefs?.pushSubscriptions ?? []);
      void toast('success', 'Notifikasi di perangkat ini dimatikan', 2000);
      await load();
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mematikan notifikasi di perangkat ini'));
    } finally {
      setBusy(false);
    }
  };

  const thisBrowser = !!endpoint && !!prefs?.pushSubscriptions.some((s) => s.endpoint === endpoint);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="notif-title" data-testid="notification-prefs">
      <h2 id="notif-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Bell className="h-5 w-5 text-blue-600" aria-hidden /> Notifikasi
      </h2>
      {!prefs && !failed ? <p className="text-sm text-slate-500">Memuat pengaturan notifikasi...</p> : null}
      {failed ? <p className="text-sm text-red-600">Gagal memuat pengaturan notifikasi</p> : null}
      {prefs ? (
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">Notifikasi selalu tampil di ikon lonceng. Pilih ke mana lagi notifikasi dikirim:</p>
          {prefs.channels.length === 0 ? <p className="text-slate-500">Belum ada kanal lain yang disediakan perusahaan.</p> : null}
          <ul className="space-y-2">
            {prefs.channels.map((c) => (
              <li key={c.channel} className="flex items-center justify-between gap-3">
                <label className="flex items-center gap-2">
                  <input type="checkbox" checked={c.enabled} disabled={busy} onChange={(e) => void toggle(c.channel, e.target.checked)} />
                  <span>
                    {LABEL[c.channel]}
                    {c.channel !== 'push' ? (
                      <span className="ml-1 text-slate-500">
                        ({c.address ?? (c.channel === 'whatsapp' ? 'nomor HP belum diisi' : '-')})
                      </span>
                    ) : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {prefs.vapidPublicKey ? (
            <div className="rounded-lg border border-slate-100 bg-slate-50 p-3">
              <p className="font-medium text-slate-800">Perangkat ini</p>
              {support === 'ok' ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void (thisBrowser ? pushOff() : pushOn())}
                  className="mt-2 rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
                >
                  {thisBrowser ? 'Matikan Notifikasi di Perangkat Ini' : 'Aktifkan Notifikasi di Perangkat Ini'}
                </button>
              ) : (
                <p className="mt-1 text-amber-700">
                  {support === 'ios-browser'
                    ? 'Di iPhone/iPad, notifikasi hanya dapat diterima dari aplikasi yang sudah dipasang: buka menu Bagikan di Safari, pilih "Tambah ke Layar Utama", lalu buka Absensi dari layar utama (iOS 16.4 atau lebih baru).'
                    : 'Peramban ini tidak mendukung notifikasi push. Gunakan peramban terbaru melalui HTTPS.'}
                </p>
              )}
              <p className="mt-2 text-xs text-slate-500">
                Di iPhone, notifikasi push hanya berfungsi bila Absensi dipasang ke Layar Utama (iOS 16.4 atau lebih baru). Pesan penting
                tetap tampil di lonceng dan dikirim lewat WhatsApp atau e-mail.
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
