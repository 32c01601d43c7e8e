'use client';
import { useHydrated } from '@/hooks/useHydrated';
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Info, UserPlus } from 'lucide-react';
import { Field, TextField } from '@/components/ui/Field';
import { AuthCard } from '@/features/auth/components/AuthCard';
import { PasswordInput } from '@/features/auth/components/PasswordInput';
import { storeUser } from '@/features/auth/components/AuthProvider';
import { api, errorMessage, USER_STORAGE_KEY } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { registerFormSchema } from '@/features/auth/validation/auth';
import { firstError } from '@/lib/validation/common';
import { homeOf } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';

const EMPTY = { name: '', email: '', position: '', password: '', confirmPassword: '', adminToken: '' };
type Values = typeof EMPTY;

export function RegisterForm() {
  const hydrated = useHydrated();
  const router = useRouter();
  const [values, setValues] = useState<Values>(EMPTY);
  const [busy, setBusy] = useState(false);
  const change = (field: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = firstError(registerFormSchema.safeParse(values));
    if (invalid) return void toast('error', invalid);
    setBusy(true);
    try {
      const { confirmPassword: _confirm, adminToken, ...payload } = values;
      const res = await api.post<{ token?: string; user: UserDto; message: string }>(
        '/auth/register',
        { ...payload, ...(adminToken.trim() ? { adminToken: adminToken.trim() } : {}) },
        { redirectOn401: false },
      );
      if (!res.token) {
        // Registration policy 'approval': the account waits for an administrator; no session yet.
        await alertDialog('info', 'Menunggu Persetujuan', res.message);
        router.push('/login');
        return;
      }
      storeUser(res.user);
      if (res.user.role === 'admin') await alertDialog('success', 'Akun admin berhasil dibuat! 🎉');
      else void toast('success', 'Registrasi berhasil');
      const stored = JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as UserDto | null;
      router.push(homeOf(stored?.role ?? res.user.role));
      router.refresh();
    } catch (err) {
      void toast('error', errorMessage(err, 'Registrasi gagal'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Buat Akun Baru" subtitle="Sistem Absensi Karyawan Modern">
      <form method="post" onSubmit={submit} noValidate className="space-y-4">
        <TextField
          id="name"
          label="Nama Lengkap"
          autoComplete="name"
          placeholder="Nama lengkap Anda"
          value={values.name}
          onChange={change('name')}
          disabled={busy}
        />
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="nama@perusahaan.com"
          value={values.email}
          onChange={change('email')}
          disabled={busy}
        />
        <TextField
          id="position"
          label="Posisi/Jabatan"
          placeholder="Software Developer"
          value={values.position}
          onChange={change('position')}
          disabled={busy}
        />
        <Field id="password" label="Password">
          <PasswordInput
            id="password"
            autoComplete="new-password"
            placeholder="Minimal 6 karakter"
            value={values.password}
            onChange={change('password')}
            disabled={busy}
          />
        </Field>
        <Field id="confirmPassword" label="Konfirmasi Password">
          <PasswordInput
            id="confirmPassword"
            autoComplete="new-password"
            toggleLabel="konfirmasi password"
            placeholder="Ulangi password"
            value={values.confirmPassword}
            onChange={change('confirmPassword')}
            disabled={busy}
          />
        </Field>
        <Field id="adminToken" label="Admin Token (Opsional)" hint="Hanya diisi jika ingin membuat akun administrator">
          <PasswordInput
            id="adminToken"
            autoComplete="off"
            toggleLabel="admin token"
            placeholder="Token administrator"
            value={values.adminToken}
            onChange={change('adminToken')}
            disabled={busy}
          />
        </Field>
        <div className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-800">
          <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Tentang Admin Token</p>
            <p>
              Admin token diperlukan untuk membuat akun administrator dengan akses penuh. Tanpa token, akun akan dibuat sebagai karyawan
              biasa.
            </p>
          </div>
        </div>
        <button
          type="submit"
          disabled={busy || !hydrated}
          className="flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
        >
          <UserPlus className="h-4 w-4" aria-hidden />
          {busy ? 'Mendaftarkan...' : 'Daftar Sekarang'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Sudah punya akun?{' '}
        <Link href="/login" className="font-semibold text-blue-600 hover:underline">
          Masuk di sini
        </Link>
      </p>
    </AuthCard>
  );
}
