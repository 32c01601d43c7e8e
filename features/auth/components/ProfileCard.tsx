'use client';
// Profile form: read-only, Edit → Simpan/Batal; a save updates the
// stored user and reloads the page after 2 s.
import { useHydrated } from '@/hooks/useHydrated';
import { useEffect, useState } from 'react';
import { Pencil, Save, X } from 'lucide-react';
import { TextField } from '@/components/ui/Field';
import { storeUser } from '@/features/auth/components/AuthProvider';
import { api, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { profileUpdateSchema } from '@/features/employees/validation/users';
import type { UserDto } from '@/features/employees/types/users';

export const PROFILE_RELOAD_MS = 2000;

type Form = { name: string; email: string; position: string };
const fromUser = (u: UserDto): Form => ({ name: u.name, email: u.email, position: u.position });

export function ProfileCard({ user }: { user: UserDto }) {
  const hydrated = useHydrated();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form, setForm] = useState<Form>(() => fromUser(user));
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => {
    if (!editing) setForm(fromUser(user));
  }, [user, editing]);

  const cancel = () => {
    setForm(fromUser(user));
    setEditing(false);
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = firstError(profileUpdateSchema.safeParse(form));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    try {
      const res = await api.put<{ message: string; user: UserDto }>('/users/profile/update', { userId: user.id, ...form });
      storeUser(res.user);
      setEditing(false);
      void toast('success', 'Profile berhasil diupdate!', PROFILE_RELOAD_MS);
      setTimeout(() => window.location.reload(), PROFILE_RELOAD_MS);
    } catch (err) {
      void toast('error', errorMessage(err, 'Gagal update profile'));
      setSaving(false);
    }
  };

  const disabled = !editing || saving;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="profile-title">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
          Informasi Profil
        </h2>
        {editing ? null : (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </button>
        )}
      </div>
      <form method="post" onSubmit={save} noValidate className="space-y-4">
        <TextField
          id="profile-name"
          label="Nama Lengkap"
          value={form.name}
          onChange={set('name')}
          disabled={disabled}
          autoComplete="name"
        />
        <TextField
          id="profile-email"
          label="Email"
          type="email"
          value={form.email}
          onChange={set('email')}
          disabled={disabled}
          autoComplete="email"
        />
        <TextField
          id="profile-position"
          label="Posisi/Jabatan"
          value={form.position}
          onChange={set('position')}
          disabled={disabled}
          autoComplete="organization-title"
        />
        {editing ? (
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={cancel}
              disabled={saving}
              className="flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              <X className="h-4 w-4" aria-hidden />
              Batal
            </button>
            <button
              type="submit"
              disabled={saving || !hydrated}
              className="flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60"
            >
              <Save className="h-4 w-4" aria-hidden />
              {saving ? 'Menyimpan...' : 'Simpan'}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
