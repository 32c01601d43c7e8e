'use client';
// The employee modal's optional fields after the spec's ones (docs/calendar.md): Kantor Utama, Kantor Lain
// yang Diizinkan, Jadwal Kerja (null = the company's standard schedule) and Tanggal Bergabung.
import { useEffect, useState } from 'react';
import { SelectField, TextField } from '@/components/ui/Field';
import { api } from '@/lib/api-client';
import type { UserDto } from '@/features/employees/types/users';
import type { OfficeDto } from '@/features/offices/types/offices';
import type { ScheduleDto } from '@/features/calendar/types/schedules';
import type { WorkplaceInput } from '@/features/employees/validation/users';

/** '' in homeOfficeId: the company's main office; '' in scheduleId: the standard schedule; '' in joinDate: none. */
export type WorkplaceForm = { homeOfficeId: string; allowedOfficeIds: string[]; scheduleId: string; joinDate: string };

export function initialWorkplace(user: UserDto | null): WorkplaceForm {
  return {
    homeOfficeId: user?.homeOfficeId ?? '',
    allowedOfficeIds: user?.allowedOfficeIds ?? [],
    scheduleId: user?.scheduleId ?? '',
    joinDate: user?.joinDate ?? '',
  };
}

/** The payload part; null when the choices could not be loaded (then nothing is sent and nothing changes). */
export function workplacePayload(form: WorkplaceForm, options: WorkplaceOptions | null): WorkplaceInput | null {
  if (!options) return null;
  const main = options.offices.find((o) => o.isMain)?.id;
  const home = form.homeOfficeId && form.homeOfficeId !== main ? form.homeOfficeId : null;
  const homeId = home ?? main;
  return {
    homeOfficeId: home,
    allowedOfficeIds: form.allowedOfficeIds.filter((id) => id !== homeId && options.offices.some((o) => o.id === id)),
    scheduleId: form.scheduleId || null,
    joinDate: form.joinDate || null,
  };
}

export type WorkplaceOptions = { offices: OfficeDto[]; schedules: ScheduleDto[] };

/** Offices and schedules to choose from; null while loading or when either list failed. */
export function useWorkplaceOptions(): { options: WorkplaceOptions | null; failed: boolean } {
  const [options, setOptions] = useState<WorkplaceOptions | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([api.get<OfficeDto[]>('/offices'), api.get<ScheduleDto[]>('/schedules')])
      .then(([offices, schedules]) => live && setOptions({ offices, schedules }))
      .catch((err: unknown) => {
        console.error('[employee-form]', err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  return { options, failed };
}

type Props = {
  form: WorkplaceForm;
  onChange: (next: WorkplaceForm) => void;
  options: WorkplaceOptions | null;
  failed: boolean;
  disabled: boolean;
};

export function WorkplaceFields({ form, onChange, options, failed, disabled }: Props) {
  if (!options) {
    return (
      <p className="text-sm text-slate-500">
        {failed ? 'Gagal memuat daftar kantor dan jadwal kerja' : 'Memuat kantor dan jadwal kerja...'}
      </p>
    );
  }
  const main = options.offices.find((o) => o.isMain);
  const home = form.homeOfficeId || main?.id || '';
  const others = options.offices.filter((o) => o.id !== home);
  const toggle = (id: string, on: boolean) =>
    onChange({ ...form, allowedOfficeIds: on ? [...form.allowedOfficeIds, id] : form.allowedOfficeIds.filter((x) => x !== id) });
  return (
    <>
      <SelectField
        id="emp-home-office"
        label="Kantor Utama"
        value={home}
        onChange={(e) => onChange({ ...form, homeOfficeId: e.target.value })}
        disabled={disabled}
      >
        {options.offices.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} ({o.zone})
          </option>
        ))}
      </SelectField>
      {others.length > 0 ? (
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Kantor Lain yang Diizinkan</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {others.map((o) => (
              <label key={o.id} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300"
                  checked={form.allowedOfficeIds.includes(o.id)}
                  onChange={(e) => toggle(o.id, e.target.checked)}
                  disabled={disabled}
                />
                {o.name} ({o.zone})
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-500">Karyawan dapat absen di kantor utama dan kantor yang dicentang.</p>
        </fieldset>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id="emp-schedule"
          label="Jadwal Kerja"
          hint="Berlaku bila Jam Kerja Karyawan di atas tidak diubah; roster dan penugasan per tanggal didahulukan."
          value={form.scheduleId}
          onChange={(e) => onChange({ ...form, scheduleId: e.target.value })}
          disabled={disabled}
        >
          <option value="">Ikuti jadwal standar</option>
          {options.schedules
            .filter((s) => !s.isDefault || s.id === form.scheduleId)
            .map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
        </SelectField>
        <TextField
          id="emp-join-date"
          label="Tanggal Bergabung"
          type="date"
          value={form.joinDate}
          onChange={(e) => onChange({ ...form, joinDate: e.target.value })}
          disabled={disabled}
        />
      </div>
    </>
  );
}
