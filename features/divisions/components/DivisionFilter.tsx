'use client';
// The "Divisi" filter of Riwayat Absensi and Rekap Bulanan (docs/onboarding.md): every division, people
// without one ('none'), or one division (GET /divisions). '' means everyone.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import type { DivisionDto } from '@/features/divisions/types/divisions';

export function useDivisionOptions(): DivisionDto[] {
  const [divisions, setDivisions] = useState<DivisionDto[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<DivisionDto[]>('/divisions')
      .then((list) => live && setDivisions(list))
      .catch((err: unknown) => console.error('[divisions] load failed', err));
    return () => {
      live = false;
    };
  }, []);
  return divisions;
}

export function DivisionSelect({
  id,
  value,
  divisions,
  onChange,
  className,
  disabled,
}: {
  id: string;
  value: string;
  divisions: DivisionDto[];
  onChange: (divisionId: string) => void;
  className: string;
  disabled?: boolean;
}) {
  return (
    <select
      id={id}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={disabled}
      data-testid="division-filter"
    >
      <option value="">Semua Divisi</option>
      <option value="none">Tanpa Divisi</option>
      {divisions.map((d) => (
        <option key={d.id} value={d.id}>
          {d.name}
        </option>
      ))}
    </select>
  );
}
