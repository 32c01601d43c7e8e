'use client';
// 'Ajukan atas nama karyawan' (admin, HR; docs/leave.md, "On behalf"): pick an employee, then the usual
// leave form for them; the request records who filed it and the employee sees it on their leave page.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/ui/alerts';
import { inputClass } from '@/components/ui/Field';
import { LeaveFormModal } from '@/features/leave/components/LeaveFormModal';
import type { PersonName } from '@/features/employees/lib/users-page';

export function OnBehalfLeave({ today, onFiled }: { today: string; onFiled?: () => void }) {
  const [people, setPeople] = useState<PersonName[]>([]);
  const [userId, setUserId] = useState('');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    api.get<PersonName[]>('/users?role=employee&view=names').then(
      (list) => setPeople(Array.isArray(list) ? list : []),
      () => setPeople([]),
    );
  }, []);

  const person = people.find((p) => p.id === userId);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <select aria-label="Karyawan" className={inputClass} value={userId} onChange={(e) => setUserId(e.target.value)}>
        <option value="">Pilih karyawan…</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
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
