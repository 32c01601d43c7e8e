// A labelled form field (label above, optional hint below) and the input look shared by every form, with
// the helpers for the common controls (TextField, NumberField, SelectField, CheckField): same markup, one line each.
export function Field({ id, label, children, hint }: { id: string; label: string; children: React.ReactNode; hint?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export const inputClass =
  'w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:bg-slate-100';

/** What every field helper takes besides its control's own props: the id ties the label to the control. */
type FieldLabel = { id: string; label: string; hint?: string };
type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled `<input>` with the kit's look (type text unless given); other props go to the input. */
export function TextField({ id, label, hint, className = inputClass, ...input }: FieldLabel & InputProps) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input id={id} {...input} className={className} />
    </Field>
  );
}

/** A labelled `<input type="number">` (min, step, value … go to the input). */
export function NumberField({ id, label, hint, className = inputClass, ...input }: FieldLabel & Omit<InputProps, 'type'>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <input id={id} type="number" {...input} className={className} />
    </Field>
  );
}

/** A labelled `<select>` with the kit's look; its `<option>`s are the children. */
export function SelectField({
  id,
  label,
  hint,
  className = inputClass,
  children,
  ...select
}: FieldLabel & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <Field id={id} label={label} hint={hint}>
      <select id={id} {...select} className={className}>
        {children}
      </select>
    </Field>
  );
}

/** A checkbox with its label on the right (the settings and leave-type forms). */
export function CheckField({
  id,
  label,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm text-slate-700">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4"
      />
      {label}
    </label>
  );
}
