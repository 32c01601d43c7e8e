'use client';
// 'Ajukan atas nama karyawan' (admin, HR; docs/leave.md, "On behalf"): pick an employee, then the usual
// leave form for them; the request records who filed it and the employee sees it on their leave page.
import { useState } from 'react';
import { toast } from '@/lib/ui/alerts';
import { inputClass } from '@/components/ui/Field';
import { LeaveFormModal } from '@/features/leave/components/LeaveFormModal';
import { PersonPicker } from '@/features/employees/components/PersonPicker';
import type { PickedPerson } from '@/features/employees/components/usePersonSearch';

export function OnBehalfLeave({ today, onFiled }: { today: string; onFiled?: () => void }) {
  const [person, setPerson] = useState<PickedPerson | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="on-behalf-user" className="sr-only">
        Karyawan
      </label>
      <div className="min-w-64">
        <PersonPicker
          id="on-behalf-user"
          className={inputClass}
          role="employee"
          placeholder="Pilih karyawan…"
          value={person?.id ?? ''}
          onChange={(_, p) => setPerson(p)}
        />
      </div>
      <button
        type="button"
        onClick={() => (person ? setOpen(true) : void toast('error', 'Pilih karyawan terlebih dahulu'))}
        className="whitespace-nowrap rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700"
      >
        Ajukan Cuti atas Nama
      </button>
      {open && person ? (
        <LeaveFormModal
          userId={person.id}
          forName={person.name}
          today={today}
          onClose={() => setOpen(false)}
          onApplied={() => {
            setOpen(false);
            onFiled?.();
          }}
        />
      ) : null}
    </div>
  );
}
