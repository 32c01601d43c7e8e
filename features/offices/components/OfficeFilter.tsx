'use client';
// The "Kantor" filter of the dashboards, Riwayat Absensi, Laporan, Rekap Bulanan, Absensi Bulanan, Tutup
// Harian and Kalender Cuti Tim: "Semua Kantor" or one office (GET /offices: staff see every active office,
// a supervisor their own). '' means every office.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import type { OfficeDto } from '@/features/offices/types/offices';

export function useOfficeOptions(): OfficeDto[] {
  const [offices, setOffices] = useState<OfficeDto[]>([]);
  useEffect(() => {
    let live = true;
    api
      .get<OfficeDto[]>('/offices')
      .then((list) => live && setOffices(list))
      .catch((err: unknown) => console.error('[offices] load failed', err));
    return () => {
      live = false;
    };
  }, []);
  return offices;
}

export function OfficeSelect({
  id,
  value,
  offices,
  onChange,
  className,
  disabled,
}: {
  id: string;
  value: string;
  offices: OfficeDto[];
  onChange: (officeId: string) => void;
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
      data-testid="office-filter"
    >
      <option value="">Semua Kantor</option>
      {offices.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name} ({o.zone})
        </option>
      ))}
    </select>
  );
}
