'use client';
import { useHydrated } from '@/hooks/useHydrated';
import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { AlertCircle, LogIn } from 'lucide-react';
import { Field, TextField } from '@/components/ui/Field';
import { AuthCard } from '@/features/auth/components/AuthCard';
import { PasswordInput } from '@/features/auth/components/PasswordInput';
import { storeUser } from '@/features/auth/components/AuthProvider';
import { api, ApiError } from '@/lib/api-client';
import { closeDialog, showLoading, toast } from '@/lib/ui/alerts';
import { loginErrorText } from '@/lib/ui/login-errors';
import { loginSchema } from '@/features/auth/validation/auth';
import { firstError } from '@/lib/validation/common';
import { homeOf, roleLabel } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';

export const REDIRECT_DELAY_MS = 1500;

const facePrefetch = () => import('@/features/face/components/prefetch');

/**
 * On a phone (a touch screen as its main pointer) the face engine's files start downloading as soon as
 * someone fills in the form: a first check-in on slow 4G waited for them (docs/face.md, "Prefetch after
 * login"). A laptop or desktop fetches nothing before the login says an employee signed in, and the
 * download stops if it was not one.
 */
function usePrefetchWhileTyping(form: React.RefObject<HTMLFormElement | null>): () => boolean {
  const early = useRef(false);
  useEffect(() => {
    const el = form.current;
    if (!el || !window.matchMedia?.('(pointer: coarse)').matches) return;
    const start = () => {
      if (early.current) return;
      early.current = true;
      void facePrefetch().then((m) => m.prefetchFaceModels());
    };
    // Typed before the page's code ran (or filled in by the browser): at once.
    if ([...el.querySelectorAll('input')].some((i) => i.value) || el.contains(document.activeElement)) return start();
    el.addEventListener('focusin', start, { once: true });
    el.addEventListener('input', start, { once: true });
    return () => {
      el.removeEventListener('focusin', start);
      el.removeEventListener('input', start);
    };
  }, [form]);
  return () => early.current;
}

export function LoginForm() {
  const hydrated = useHydrated();
  const router = useRouter();
  const [values, setValues] = useState({ email: '', password: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const prefetchedEarly = usePrefetchWhileTyping(form);

  const change = (field: 'email' | 'password') => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    if (error) setError(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = firstError(loginSchema.safeParse(values));
    if (invalid) return void toast('error', invalid);
    setBusy(true);
    showLoading('Memproses login...');
    try {
      const { user } = await api.post<{ token: string; user: UserDto }>('/auth/login', values, { redirectOn401: false });
      closeDialog();
      storeUser(user);
      // Employees check in with their face: its files download now (if they are not already), during the
      // welcome pause, and its engine starts where it runs off the page's thread. Anyone else needs none.
      if (user.role === 'employee')
        void facePrefetch()
          .then((m) => m.employeeLoggedIn())
          .catch(() => undefined);
      else if (prefetchedEarly()) void facePrefetch().then((m) => m.cancelPrefetch());
      void toast('success', `Selamat datang, ${user.name || roleLabel(user.role)}!`, REDIRECT_DELAY_MS);
      setTimeout(() => {
        router.push(homeOf(user.role));
        router.refresh();
      }, REDIRECT_DELAY_MS);
    } catch (err) {
      closeDialog();
      const text =
        err instanceof ApiError ? loginErrorText(err.message || 'Login gagal') : 'Terjadi kesalahan tak terduga. Silakan coba lagi.';
      setError(text);
      void toast('error', text);
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Masuk ke Akun" subtitle="Sistem Absensi Karyawan Modern">
      <form ref={form} method="post" onSubmit={submit} noValidate className="space-y-4">
        {error ? (
          <div
            role="alert"
            data-testid="login-error-box"
            className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <div>
              <p className="font-medium" data-testid="login-error">
                {error}
              </p>
              <p className="text-red-600">Periksa kembali email dan password Anda</p>
            </div>
          </div>
        ) : null}
        <TextField
          id="email"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          aria-required
          placeholder="nama@perusahaan.com"
          value={values.email}
          onChange={change('email')}
          disabled={busy}
        />
        <Field id="password" label="Password">
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            aria-required
            placeholder="Masukkan password"
            value={values.password}
            onChange={change('password')}
            disabled={busy}
          />
        </Field>
        <button
          type="submit"
          disabled={busy || !hydrated}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <LogIn className="h-4 w-4" aria-hidden />
          {busy ? 'Memproses...' : 'Masuk ke Sistem'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Belum punya akun?{' '}
        <Link href="/register" className="font-semibold text-blue-600 hover:underline">
          Daftar di sini
        </Link>
      </p>
    </AuthCard>
  );
}
