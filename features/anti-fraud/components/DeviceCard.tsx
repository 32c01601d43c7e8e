'use client';
// Akun Saya: this browser as the employee's registered device (docs/anti-fraud.md). A punch from
// another device, or from one registered to another account, goes to Perlu Tinjauan (or is refused,
// by the company's policy). One device per account: a new phone needs an administrator's reset.
import { useCallback, useEffect, useState } from 'react';
import { Smartphone } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { deviceName, devicePublicKey, rememberDeviceId, storedDeviceId } from '@/features/anti-fraud/lib/device-key';
import type { DeviceDto } from '@/features/anti-fraud/types/anti-fraud';

type State = { devices: DeviceDto[]; thisId: string | null; supported: boolean };

/** Reads the account's devices and which one (if any) is this browser; forgets a registration an admin reset. */
export async function loadDeviceState(userId: string): Promise<State> {
  const [devices, supported, stored] = await Promise.all([
    api.get<DeviceDto[]>('/devices'),
    devicePublicKey().then(Boolean),
    storedDeviceId(userId),
  ]);
  const thisId = stored && devices.some((d) => d.id === stored) ? stored : null;
  if (stored && !thisId) await rememberDeviceId(userId, null);
  return { devices, thisId, supported };
}

/** Registers this browser for the account (the first device of an account registers itself at its first check-in). */
export async function registerThisDevice(userId: string): Promise<DeviceDto> {
  const publicKey = await devicePublicKey();
  if (!publicKey) throw new Error('Peramban ini tidak mendukung penyimpanan kunci perangkat. Gunakan peramban terbaru melalui HTTPS.');
  const device = await api.post<DeviceDto>('/devices', { name: deviceName(), publicKey });
  await rememberDeviceId(userId, device.id);
  return device;
}

export function DeviceCard() {
  const { user } = useAuth();
  const [state, setState] = useState<State | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!user) return;
    try {
      setState(await loadDeviceState(user.id));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [user]);

  useEffect(() => {
    void load();
  }, [load]);

  if (user?.role !== 'employee') return null;

  const register = async () => {
    setBusy(true);
    try {
      await registerThisDevice(user.id);
      void toast('success', 'Perangkat ini berhasil didaftarkan', 2000);
      await load();
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mendaftarkan perangkat'));
    } finally {
      setBusy(false);
    }
  };

  const other = state?.devices.find((d) => d.id !== state.thisId);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="device-title" data-testid="device-card">
      <h2 id="device-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Smartphone className="h-5 w-5 text-blue-600" aria-hidden /> Perangkat Absensi
      </h2>
      {!state && !failed ? <p className="text-sm text-slate-500">Memuat status perangkat...</p> : null}
      {failed ? <p className="text-sm text-red-600">Gagal memuat status perangkat</p> : null}
      {state ? (
        <div className="space-y-3 text-sm">
          <p data-testid="device-status">
            {state.thisId ? (
              <span className="font-medium text-green-700">Perangkat ini terdaftar untuk absensi Anda.</span>
            ) : other ? (
              <span className="font-medium text-amber-700">
                Akun Anda terdaftar di perangkat lain ({other.name}). Absensi dari perangkat ini akan ditinjau. Minta admin mereset
                pendaftaran jika Anda berganti ponsel.
              </span>
            ) : (
              <span className="font-medium text-slate-700">
                Belum ada perangkat terdaftar. Daftarkan ponsel yang Anda pakai untuk absensi.
              </span>
            )}
          </p>
          {!state.thisId && !other ? (
            <button
              type="button"
              onClick={() => void register()}
              disabled={busy || !state.supported}
              className="rounded-lg bg-blue-600 px-4 py-2 font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
            >
              Daftarkan Perangkat Ini
            </button>
          ) : null}
          {!state.supported ? (
            <p className="text-red-600">Peramban ini tidak dapat menyimpan kunci perangkat. Gunakan peramban terbaru melalui HTTPS.</p>
          ) : null}
          <p className="text-xs text-slate-500">
            Kunci perangkat dibuat dan disimpan di peramban ini dan tidak dapat disalin. Setiap absensi ditandatangani dengan kunci ini agar
            akun Anda tidak dipakai dari ponsel orang lain.
          </p>
        </div>
      ) : null}
    </section>
  );
}
