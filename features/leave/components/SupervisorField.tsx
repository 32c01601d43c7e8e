'use client';
// Atasan in the employee modal (docs/leave.md): any other user; the supervisor decides the leave first,
// HR or an admin last. Empty: no supervisor (HR or an admin alone).
import { useEffect, useState } from 'react';
import { SelectField } from '@/components/ui/Field';
import { api } from '@/lib/api-client';
import type { UserDto } from '@/features/employees/types/users';

export function SupervisorField({
  userId,
  value,
  onChange,
  disabled,
}: {
  userId: string | null;
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
}) {
  const [people, setPeople] = useState<UserDto[] | null>(null);
  useEffect(() => {
    api.get<UserDto[]>('/users').then(
      (u) => setPeople(Array.isArray(u) ? u : []),
      () => setPeople([]),
    );
  }, []);
  return (
    <SelectField
      id="emp-supervisor"
      label="Atasan (menyetujui cuti lebih dulu)"
      hint="Kosongkan bila cuti langsung diputuskan HR/Admin"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled || !people}
    >
      <option value="">Tanpa atasan</option>
      {(people ?? [])
        .filter((p) => p.id !== userId)
        .map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} — {p.position}
          </option>
        ))}
    </SelectField>
  );
}
