// Filter form of the admin history: Dari Tanggal, Sampai Tanggal, Karyawan (searched on the server), Kantor (the record's office), Divisi,
// Verifikasi wajah, Tinjauan (Perlu Tinjauan: flagged for any reason, not decided); Terapkan, Reset.
import { useHydrated } from '@/hooks/useHydrated';
import { FACE_FILTERS } from '@/features/attendance/components/format';
import { OfficeSelect } from '@/features/offices/components/OfficeFilter';
import type { OfficeDto } from '@/features/offices/types/offices';
import { PersonPicker } from '@/features/employees/components/PersonPicker';
import { DivisionSelect } from '@/features/divisions/components/DivisionFilter';
import type { DivisionDto } from '@/features/divisions/types/divisions';

export type Filters = {
  startDate: string;
  endDate: string;
  employee: string;
  officeId: string;
  divisionId: string;
  faceStatus: string;
  review: string;
};
export const EMPTY_FILTERS: Filters = {
  startDate: '',
  endDate: '',
  employee: '',
  officeId: '',
  divisionId: '',
  faceStatus: '',
  review: '',
};

const input =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200';

export function HistoryFilters({
  value,
  offices,
  divisions,
  busy,
  onChange,
  onApply,
  onReset,
}: {
  value: Filters;
  offices: OfficeDto[];
  divisions: DivisionDto[];
  busy: boolean;
  onChange: (f: Filters) => void;
  onApply: () => void;
  onReset: () => void;
}) {
  const hydrated = useHydrated();
  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, [k]: e.target.value });
  return (
    <form
      method="post"
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
      onSubmit={(e) => {
        e.preventDefault();
        onApply();
      }}
    >
      <label className="text-sm font-medium text-slate-700">
        Dari Tanggal
        <input type="date" className={`${input} mt-1`} value={value.startDate} onChange={set('startDate')} />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Sampai Tanggal
        <input type="date" className={`${input} mt-1`} value={value.endDate} onChange={set('endDate')} />
      </label>
      <div className="text-sm font-medium text-slate-700">
        <label htmlFor="history-employee">Karyawan</label>
        <div className="mt-1">
          <PersonPicker
            id="history-employee"
            className={input}
            role="employee"
            includeInactive
            emptyLabel="Semua"
            value={value.employee}
            onChange={(employee) => onChange({ ...value, employee })}
          />
        </div>
      </div>
      <label className="text-sm font-medium text-slate-700">
        Kantor
        <OfficeSelect
          id="history-office"
          className={`${input} mt-1`}
          value={value.officeId}
          offices={offices}
          onChange={(officeId) => onChange({ ...value, officeId })}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Divisi
        <DivisionSelect
          id="history-division"
          className={`${input} mt-1`}
          value={value.divisionId}
          divisions={divisions}
          onChange={(divisionId) => onChange({ ...value, divisionId })}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        Verifikasi wajah
        <select className={`${input} mt-1`} value={value.faceStatus} onChange={set('faceStatus')}>
          {FACE_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Tinjauan
        <select aria-label="Tinjauan" className={`${input} mt-1`} value={value.review} onChange={set('review')}>
          <option value="">Semua</option>
          <option value="perlu">Perlu Tinjauan</option>
        </select>
      </label>
      <div className="flex items-end gap-2">
        <button
          type="submit"
          disabled={busy || !hydrated}
          className="flex-1 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-50"
        >
          Terapkan
        </button>
        <button
          type="button"
          onClick={onReset}
          disabled={busy}
          className="flex-1 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
        >
          Reset
        </button>
      </div>
    </form>
  );
}
