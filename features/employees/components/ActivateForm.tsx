'use client';
// /activate (docs/onboarding.md): the person opens the link HR handed out and sets their own password
// (the same rules as registration: at least 6 characters, at most 72 bytes), then signs in.
import { useState } from 'react';
import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import { AuthCard } from '@/features/auth/components/AuthCard';
import { PasswordInput } from '@/features/auth/components/PasswordInput';
import { useHydrated } from '@/hooks/useHydrated';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { activateFormSchema } from '@/features/employees/validation/invites';

export function ActivateForm({ token }: { token: string }) {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'Tautan aktivasi tidak valid. Minta tautan baru ke HR.');

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = firstError(activateFormSchema.safeParse(values));
    if (invalid) return void toast('error', invalid);
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('/auth/activate', { token, password: values.password }, { redirectOn401: false });
      setDone(res.message);
    } catch (err) {
      setError(errorMessage(err, 'Gagal mengaktifkan akun'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Aktifkan Akun" subtitle="Buat password Anda sendiri">
      {done ? (
        <div className="space-y-4 text-center">
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-800">
            {done}
          </p>
          <Link href="/login" className="font-semibold text-blue-600 hover:underline">
            Masuk ke Sistem
          </Link>
        </div>
      ) : (
        <form method="post" onSubmit={submit} className="space-y-4" noValidate>
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Field id="password" label="Password Baru">
            <PasswordInput
              id="password"
              autoComplete="new-password"
              placeholder="Minimal 6 karakter"
              value={values.password}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              disabled={busy || !token}
            />
          </Field>
          <Field id="confirmPassword" label="Konfirmasi Password">
            <PasswordInput
              id="confirmPassword"
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => setValues((v) => ({ ...v, confirmPassword: e.target.value }))}
              disabled={busy || !token}
            />
          </Field>
          <button
            type="submit"
            disabled={busy || !hydrated || !token}
            className="w-full rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
          >
            {busy ? 'Memproses...' : 'Aktifkan Akun'}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
