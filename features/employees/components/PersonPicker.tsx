'use client';
// One person picker for every admin and HR screen (docs/quality.md, lists): a combobox whose list the server
// fills with the few people matching what was typed (usePersonSearch), instead of a <select> of the whole
// company. Keyboard: ↓/↑ move, Enter picks, Esc closes; the first entry clears the choice when one is allowed.
import { useId, useState } from 'react';
import { X } from 'lucide-react';
import { Field, inputClass } from '@/components/ui/Field';
import { usePersonById, usePersonSearch, type PersonScope, type PickedPerson } from '@/features/employees/components/usePersonSearch';

export const PEOPLE_SEARCH_ERROR = 'Gagal memuat data karyawan. Silakan coba lagi.';

type Props = PersonScope & {
  /** The input's id: a <label htmlFor> names the combobox. */
  id: string;
  value: string;
  onChange: (id: string, person: PickedPerson | null) => void;
  /** The entry that clears the choice ('Semua', 'Tanpa atasan'); without it a person must be picked. */
  emptyLabel?: string;
  /** People the list leaves out (the person being edited, as their own supervisor). */
  exclude?: string[];
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  className?: string;
  placeholder?: string;
};

export function PersonPicker({
  id,
  value,
  onChange,
  emptyLabel,
  exclude = [],
  disabled,
  required,
  invalid,
  className = inputClass,
  placeholder = 'Ketik nama, NIK atau email',
  role,
  includeInactive,
  source,
}: Props) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<PickedPerson | null>(null);
  const scope = { role, includeInactive, source };
  const search = usePersonSearch(term, open, scope);
  const selected = usePersonById(value, chosen, scope);
  const people = search.people.filter((p) => !exclude.includes(p.id));
  const entries: (PickedPerson | null)[] = emptyLabel !== undefined ? [null, ...people] : people;

  const close = () => {
    setOpen(false);
    setTerm('');
  };
  const pick = (p: PickedPerson | null) => {
    setChosen(p);
    onChange(p?.id ?? '', p);
    close();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(entries.length - 1, 0)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const entry = entries[active];
      if (entry !== undefined) pick(entry);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };
  const optionId = (i: number) => `${listId}-${i}`;
  const listed = open && entries.length > 0;
  const shown = open ? term : (selected?.name ?? '');
  const status = search.failed
    ? PEOPLE_SEARCH_ERROR
    : search.loading
      ? 'Mencari...'
      : people.length === 0
        ? 'Tidak ada karyawan yang cocok'
        : search.total > search.people.length
          ? `Menampilkan ${search.people.length} dari ${search.total}; ketik untuk mempersempit`
          : `${people.length} karyawan`;

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listed ? listId : undefined}
        aria-activedescendant={listed && entries[active] !== undefined ? optionId(active) : undefined}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        placeholder={value ? undefined : (emptyLabel ?? placeholder)}
        value={shown}
        className={`${className} ${value && !disabled ? 'pr-8' : ''}`}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onChange={(e) => {
          setTerm(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {value && !disabled && emptyLabel !== undefined ? (
        <button
          type="button"
          aria-label="Hapus pilihan"
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-0.5 text-slate-500 hover:bg-slate-100"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(null)}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      ) : null}
      <div className={open ? 'absolute left-0 right-0 z-20 mt-1 min-w-56 rounded-lg border border-slate-200 bg-white shadow-lg' : 'hidden'}>
        {listed ? (
          <ul role="listbox" id={listId} aria-label="Hasil pencarian karyawan" className="max-h-64 overflow-y-auto py-1 text-sm">
            {entries.map((p, i) => (
              <li
                key={p?.id ?? ''}
                id={optionId(i)}
                role="option"
                aria-selected={(p?.id ?? '') === value}
                className={`cursor-pointer px-3 py-1.5 ${i === active ? 'bg-blue-50' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(p)}
              >
                {p ? (
                  <>
                    <span className="block font-medium text-slate-800">{p.name}</span>
                    <span className="block text-xs text-slate-600">{[p.position, p.email].filter(Boolean).join(' · ')}</span>
                  </>
                ) : (
                  <span className="text-slate-700">{emptyLabel}</span>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <p role={search.failed ? 'alert' : 'status'} className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-600">
          {open ? status : ''}
        </p>
      </div>
    </div>
  );
}

/** A labelled PersonPicker with the form kit's look (label above, optional hint below). */
export function PersonField({ label, hint, ...picker }: Props & { label: string; hint?: string }) {
  return (
    <Field id={picker.id} label={label} hint={hint}>
      <PersonPicker {...picker} />
    </Field>
  );
}
