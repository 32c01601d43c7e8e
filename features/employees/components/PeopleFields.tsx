'use client';
// NIK karyawan, No. HP and Divisi in the employee form (docs/onboarding.md). Empty clears the value;
// the server normalises (NIK upper-case, the phone to 62…) and answers a wrong one in Indonesian.
import { useDivisions } from '@/features/divisions/components/DivisionsPanel';
import { inputClass } from '@/components/ui/Field';
import { formatPhone } from '@/features/employees/lib/people';
import type { UserDto } from '@/features/employees/types/users';

export type PeopleForm = { employeeNumber: string; phone: string; divisionId: string; machinePin: string };

export const initialPeople = (user: UserDto | null): PeopleForm => ({
  employeeNumber: user?.employeeNumber ?? '',
  phone: user?.phone ? formatPhone(user.phone) : '',
  divisionId: user?.divisionId ?? '',
  machinePin: user?.machinePin ?? '',
});

export function PeopleFields({ form, onChange, disabled }: { form: PeopleForm; onChange: (f: PeopleForm) => void; disabled: boolean }) {
  const { divisions } = useDivisions();
  const set = (k: keyof PeopleForm) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...form, [k]: e.target.value });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className="block text-sm font-medium text-slate-700">
        NIK Karyawan
        <input
          value={form.employeeNumber}
          onChange={set('employeeNumber')}
          disabled={disabled}
          maxLength={30}
          className={`${inputClass} mt-1`}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        No. HP (WhatsApp)
        <input
          value={form.phone}
          onChange={set('phone')}
          disabled={disabled}
          maxLength={40}
          placeholder="0812…"
          inputMode="tel"
          className={`${inputClass} mt-1`}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Divisi
        <select value={form.divisionId} onChange={set('divisionId')} disabled={disabled} className={`${inputClass} mt-1`}>
          <option value="">Tanpa divisi</option>
          {divisions.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-700">
        PIN Mesin Absensi
        <input
          value={form.machinePin}
          onChange={set('machinePin')}
          disabled={disabled}
          maxLength={20}
          inputMode="numeric"
          placeholder="Nomor di mesin sidik jari/wajah"
          className={`${inputClass} mt-1`}
        />
      </label>
    </div>
  );
}
