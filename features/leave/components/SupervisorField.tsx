'use client';
// Atasan in the employee modal (docs/leave.md): any other user, searched on the server (PersonPicker); the
// supervisor decides the leave first, HR or an admin last. Empty: no supervisor (HR or an admin alone).
import { PersonField } from '@/features/employees/components/PersonPicker';

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
  return (
    <PersonField
      id="emp-supervisor"
      label="Atasan (menyetujui cuti lebih dulu)"
      hint="Kosongkan bila cuti langsung diputuskan HR/Admin"
      emptyLabel="Tanpa atasan"
      value={value}
      onChange={(id) => onChange(id)}
      exclude={userId ? [userId] : []}
      disabled={disabled}
    />
  );
}
