'use client';
// Change-password form. The server ends every other session and hands this browser a fresh
// session cookie; refreshing the auth state then lifts the "must change password" lock.
import { useHydrated } from '@/hooks/useHydrated';
import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Field } from '@/components/ui/Field';
import { PasswordInput } from '@/features/auth/components/PasswordInput';
import { storeUser, useAuth } from '@/features/auth/components/AuthProvider';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { changePasswordFormSchema } from '@/features/employees/validation/users';
import type { UserDto } from '@/features/employees/types/users';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordCard({ user }: { user: UserDto }) {
  const hydrated = useHydrated();
  const { refresh } = useAuth();
  const [form, setForm] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = firstError(changePasswordFormSchema.safeParse(form));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    try {
      const res = await api.put<{ message: string; user: UserDto }>('/users/profile/change-password', {
        userId: user.id,
        currentPassword: form.currentPassword,
        newPassword: form.newPassword,
      });
      setForm(EMPTY);
      storeUser(res.user);
      void toast('success', 'Password berhasil diubah!');
      await refresh();
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal mengubah password'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="password-title">
      <h2 id="password-title" className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <KeyRound className="h-5 w-5 text-slate-500" aria-hidden />
        Ubah Password
      </h2>
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <Field id="current-password" label="Password Saat Ini">
          <PasswordInput
            id="current-password"
            toggleLabel="password saat ini"
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={set('currentPassword')}
            disabled={saving}
          />
        </Field>
        <Field id="new-password" label="Password Baru">
          <PasswordInput
            id="new-password"
            toggleLabel="password baru"
            autoComplete="new-password"
            placeholder="Minimal 6 karakter"
            value={form.newPassword}
            onChange={set('newPassword')}
            disabled={saving}
          />
        </Field>
        <Field id="confirm-password" label="Konfirmasi Password Baru">
          <PasswordInput
            id="confirm-password"
            toggleLabel="konfirmasi password"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            disabled={saving}
          />
        </Field>
        <div className="flex justify-end">
          <button
            type="submit"
            disabled={saving || !hydrated}
            className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
          >
            {saving ? 'Menyimpan...' : 'Ubah Password'}
          </button>
        </div>
      </form>
    </section>
  );
}
