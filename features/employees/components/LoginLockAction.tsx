'use client';
// Kelola Karyawan: accounts locked after too many wrong passwords from new addresses get a button that
// lifts the lock (POST /api/users/{id}/unlock, audited).
import { useCallback, useState } from 'react';
import { LockOpen } from 'lucide-react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, savedToast } from '@/lib/ui/alerts';
import type { LoginLockDto, UserDto } from '@/features/employees/types/users';

/** The locked accounts (id → end of the lock); `refresh` reloads them. */
export function useLoginLocks() {
  const [locks, setLocks] = useState<Record<string, string>>({});
  const refresh = useCallback(async () => {
    const list = await api.get<LoginLockDto[]>('/users/login-locks').catch(() => [] as LoginLockDto[]);
    setLocks(Object.fromEntries(list.map((l) => [l.userId, l.lockedUntil])));
  }, []);
  return { locks, refresh };
}

export function LoginLockAction({ user, onDone }: { user: UserDto; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const unlock = async () => {
    const ok = await confirmDialog({
      title: 'Buka Kunci Login',
      text: `Akun ${user.name} dikunci sementara karena terlalu banyak percobaan password yang salah dari jaringan yang belum pernah dipakainya. Buka kunci sekarang?`,
      confirmText: 'Ya, Buka Kunci',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>(`/users/${user.id}/unlock`);
      void savedToast('Berhasil', res.message);
      onDone();
    } catch (err) {
      void alertDialog('error', 'Gagal Membuka Kunci', errorMessage(err, 'Gagal membuka kunci login'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void unlock()}
      disabled={busy}
      className="rounded-lg p-2 text-violet-700 transition-colors hover:bg-violet-50 disabled:opacity-40"
      aria-label={`Buka kunci login ${user.name}`}
      title="Buka kunci login"
    >
      <LockOpen className="h-4 w-4" aria-hidden />
    </button>
  );
}
