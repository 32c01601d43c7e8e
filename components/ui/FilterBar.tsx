// The filter strip above an admin list (Log Audit, Lembur): a white card with labelled fields in a grid,
// two columns on small screens and `columns` on large ones; a select whose first option means "all";
// and the Dari/Sampai Tanggal pair. Each change applies at once (no submit button).
import { Field, inputClass } from '@/components/ui/Field';

const LG_COLUMNS = { 4: 'lg:grid-cols-4', 5: 'lg:grid-cols-5' } as const;

export function FilterBar({ label, columns, children }: { label: string; columns: keyof typeof LG_COLUMNS; children: React.ReactNode }) {
  return (
    <section
      className={`mb-4 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 ${LG_COLUMNS[columns]}`}
      aria-label={label}
    >
      {children}
    </section>
  );
}

export function FilterSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onChange: React.ChangeEventHandler<HTMLSelectElement>;
  /** The first option, value '' ("Semua …"). */
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} value={value} onChange={onChange} className={inputClass}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Two date inputs, ids `${idPrefix}-start` and `${idPrefix}-end`. */
export function DateRangeFields({
  idPrefix,
  start,
  end,
  onStart,
  onEnd,
  startLabel = 'Dari Tanggal',
  endLabel = 'Sampai Tanggal',
}: {
  idPrefix: string;
  start: string;
  end: string;
  onStart: React.ChangeEventHandler<HTMLInputElement>;
  onEnd: React.ChangeEventHandler<HTMLInputElement>;
  startLabel?: string;
  endLabel?: string;
}) {
  return (
    <>
      <Field id={`${idPrefix}-start`} label={startLabel}>
        <input id={`${idPrefix}-start`} type="date" value={start} onChange={onStart} className={inputClass} />
      </Field>
      <Field id={`${idPrefix}-end`} label={endLabel}>
        <input id={`${idPrefix}-end`} type="date" value={end} onChange={onEnd} className={inputClass} />
      </Field>
    </>
  );
}
