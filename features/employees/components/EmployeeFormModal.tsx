'use client';
// 'Tambah Karyawan' / 'Edit Karyawan': the admin's employee form, validated by features/employees/validation/users.ts
// (one toast at a time). Adding goes through POST /auth/register with a role; the employee's own
// working hours (empty = company default) are saved afterwards through the working-hours call. After the
// spec's fields, optional ones say where and when they work (WorkplaceFields, docs/calendar.md).
import { useHydrated } from '@/hooks/useHydrated';
import { useEffect, useRef, useState } from 'react';
import { Field, SelectField, TextField, inputClass } from '@/components/ui/Field';
import { Modal, ModalActions } from '@/components/ui/Modal';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { firstError } from '@/lib/validation/common';
import { defaultOnPayroll, employeeFormSchema, ROLE_OPTIONS } from '@/features/employees/validation/users';
import type { Role } from '@/lib/roles';
import type { UserDto } from '@/features/employees/types/users';
import type { WorkingHours } from '@/features/employees/components/format';
import { SupervisorField } from '@/features/leave/components/SupervisorField';
import { PeopleFields, initialPeople, type PeopleForm } from '@/features/employees/components/PeopleFields';
import { announceSaved } from '@/features/periods/components/saved-notice';
import type { PeriodNotice } from '@/features/periods/types/periods';
import {
  WorkplaceFields,
  initialWorkplace,
  useWorkplaceOptions,
  workplacePayload,
  type WorkplaceForm,
} from '@/features/employees/components/WorkplaceFields';

type Form = { name: string; email: string; position: string; role: Role; password: string; workStart: string; workEnd: string };

function initialForm(user: UserDto | null, defaultPassword: string, hours: WorkingHours | undefined): Form {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    position: user?.position ?? '',
    role: user?.role ?? 'employee',
    password: user ? '' : defaultPassword,
    workStart: hours?.start ?? '',
    workEnd: hours?.end ?? '',
  };
}

type Props = {
  user: UserDto | null;
  hours: WorkingHours | undefined;
  defaultPassword: string;
  /** HR (false) adds employees only and keeps an account's role (docs/roles.md). */
  admin?: boolean;
  onClose: () => void;
  onSaved: () => void;
};

export function EmployeeFormModal({ user, hours, defaultPassword, admin = true, onClose, onSaved }: Props) {
  const hydrated = useHydrated();
  const mode = user ? 'edit' : 'add';
  const [form, setForm] = useState<Form>(() => initialForm(user, defaultPassword, hours));
  const [workplace, setWorkplace] = useState<WorkplaceForm>(() => initialWorkplace(user));
  const [supervisorId, setSupervisorId] = useState(user?.supervisorId ?? '');
  const [people, setPeople] = useState<PeopleForm>(() => initialPeople(user));
  // Ikut penggajian: the person's own setting; until it is touched, a new account follows its role's default.
  const [payroll, setPayroll] = useState<boolean | null>(user?.onPayroll ?? null);
  const onPayroll = payroll ?? defaultOnPayroll(form.role);
  const { options, failed: optionsFailed } = useWorkplaceOptions();
  const [saving, setSaving] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const set = (key: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  useEffect(() => firstField.current?.focus(), []);

  const cancel = async () => {
    if (saving) return;
    const filled = [form.name, form.email, form.position].some((v) => v.trim() !== '');
    if (filled) {
      const ok = await confirmDialog({
        title: 'Batalkan Perubahan',
        text: 'Data yang sudah diisi akan hilang. Apakah Anda yakin?',
        confirmText: 'Ya, Batalkan',
      });
      if (!ok) return;
      setForm(initialForm(null, defaultPassword, undefined));
      void toast('info', 'Perubahan dibatalkan', 2000);
    }
    onClose();
  };

  /** Saves the own hours when they changed; returns an error text or null. */
  const saveHours = async (userId: string, notices: (PeriodNotice | null)[]): Promise<string | null> => {
    const next = form.workStart.trim() && form.workEnd.trim() ? { start: form.workStart.trim(), end: form.workEnd.trim() } : null;
    const same = (next?.start ?? '') === (hours?.start ?? '') && (next?.end ?? '') === (hours?.end ?? '');
    if (same) return null;
    try {
      const res = await api.put<{ periodNotice: PeriodNotice | null }>('/settings/employee-working-hours', {
        userId,
        start: next?.start ?? '',
        end: next?.end ?? '',
      });
      notices.push(res.periodNotice);
      return null;
    } catch (err) {
      return errorMessage(err, 'Gagal menyimpan jam kerja');
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = firstError(employeeFormSchema(mode).safeParse(form));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    const profile = {
      name: form.name.trim(),
      email: form.email.trim(),
      position: form.position.trim(),
      role: form.role,
      onPayroll,
      ...workplacePayload(workplace, options),
      ...people,
    };
    const notices: (PeriodNotice | null)[] = [];
    try {
      let id: string;
      if (user) {
        const res = await api.put<{ periodNotice: PeriodNotice | null }>(`/users/${user.id}`, {
          ...profile,
          supervisorId: supervisorId || null,
        });
        notices.push(res.periodNotice);
        id = user.id;
      } else {
        const created = await api.post<{ user: UserDto }>('/auth/register', { ...profile, password: form.password });
        id = created.user.id;
        // The supervisor is set by the update (registration takes only the profile).
        if (supervisorId) await api.put(`/users/${id}`, { ...profile, supervisorId });
      }
      const hoursError = await saveHours(id, notices);
      onSaved();
      const title = user ? 'Berhasil Update' : 'Berhasil Tambah';
      const text = user ? `Data karyawan ${profile.name} berhasil diupdate` : `Karyawan ${profile.name} berhasil ditambahkan`;
      // A change of office, schedule or hours that a closed month keeps out says from when it applies.
      const notice = notices.find((n) => n) ?? null;
      if (hoursError) void alertDialog('warning', title, `${text}, tetapi jam kerja gagal disimpan: ${hoursError}`);
      else announceSaved({ title, text, notice });
    } catch (err) {
      void alertDialog('error', user ? 'Gagal Update' : 'Gagal Tambah', errorMessage(err, 'Terjadi kesalahan'));
    } finally {
      setSaving(false);
    }
  };

  const title = user ? 'Edit Karyawan' : 'Tambah Karyawan';
  return (
    <Modal id="employee-form" title={title} onClose={() => void cancel()}>
      <form method="post" onSubmit={submit} noValidate className="space-y-4 px-6 py-5">
        <Field id="emp-name" label="Nama Lengkap">
          <input
            id="emp-name"
            ref={firstField}
            className={inputClass}
            value={form.name}
            onChange={set('name')}
            disabled={saving}
            autoComplete="off"
          />
        </Field>
        <TextField
          id="emp-email"
          label="Email"
          type="email"
          value={form.email}
          onChange={set('email')}
          disabled={saving}
          autoComplete="off"
        />
        <TextField
          id="emp-position"
          label="Posisi"
          value={form.position}
          onChange={set('position')}
          disabled={saving}
          placeholder="Software Developer"
        />
        <SelectField id="emp-role" label="Role" value={form.role} onChange={set('role')} disabled={saving || !admin}>
          {ROLE_OPTIONS.filter((o) => admin || o.value === form.role).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <label className="flex items-start gap-2 text-sm text-slate-700" htmlFor="emp-payroll">
          <input
            id="emp-payroll"
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
            checked={onPayroll}
            onChange={(e) => setPayroll(e.target.checked)}
            disabled={saving}
          />
          <span>
            <span className="font-medium">Ikut penggajian</span>
            <span className="block text-xs text-slate-500">
              Hari kerjanya ditutup harian dan dihitung di Rekap Bulanan. Matikan untuk akun yang tidak bekerja (misalnya akun administrator
              sistem).
            </span>
          </span>
        </label>
        {user ? null : (
          <TextField
            id="emp-password"
            label="Password Default"
            hint="Karyawan wajib mengganti password ini saat login pertama."
            type="text"
            value={form.password}
            onChange={set('password')}
            disabled={saving}
            autoComplete="off"
          />
        )}
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Jam Kerja Karyawan (opsional)</legend>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id="emp-work-start"
              label="Jam Masuk"
              type="time"
              value={form.workStart}
              onChange={set('workStart')}
              disabled={saving}
            />
            <TextField id="emp-work-end" label="Jam Pulang" type="time" value={form.workEnd} onChange={set('workEnd')} disabled={saving} />
          </div>
          <div className="mt-2 flex items-center justify-between gap-2">
            {/* Both fields write the employee's one schedule (User.scheduleId); the hours are saved after the
                profile, so hours entered or changed here replace the Jadwal Kerja chosen below (docs/calendar.md). */}
            <p className="text-xs text-slate-500" id="emp-hours-help" data-testid="work-hours-precedence">
              Bila diisi atau diubah, jam ini menggantikan pilihan Jadwal Kerja di bawah (menjadi jadwal pribadi pada hari kerja
              perusahaan). Dikosongkan: kembali ke jadwal standar. Roster dan penugasan jadwal per tanggal tetap didahulukan.
            </p>
            {form.workStart || form.workEnd ? (
              <button
                type="button"
                onClick={() => setForm((f) => ({ ...f, workStart: '', workEnd: '' }))}
                disabled={saving}
                className="text-xs font-medium text-blue-600 hover:underline"
              >
                Kosongkan
              </button>
            ) : null}
          </div>
        </fieldset>
        <WorkplaceFields form={workplace} onChange={setWorkplace} options={options} failed={optionsFailed} disabled={saving} />
        <SupervisorField userId={user?.id ?? null} value={supervisorId} onChange={setSupervisorId} disabled={saving} />
        <PeopleFields form={people} onChange={setPeople} disabled={saving} />
        <ModalActions onCancel={() => void cancel()} busy={saving} ready={hydrated} submitLabel={user ? 'Update' : 'Tambah'} />
      </form>
    </Modal>
  );
}
