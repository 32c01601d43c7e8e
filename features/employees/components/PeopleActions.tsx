'use client';
// Kelola Karyawan's header buttons for people in bulk (docs/onboarding.md): import, export (XLSX, CSV),
// the division list, activation cards with a QR code for the people shown; and the division filter of the list.
import { Download, QrCode, Upload, Users } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/Button';
import type { DivisionDto } from '@/features/divisions/types/divisions';

export function PeopleActions({
  onImport,
  onDivisions,
  onInviteCards,
}: {
  onImport: () => void;
  onDivisions: () => void;
  /** Activation cards (QR) for the people the list shows. */
  onInviteCards: () => void;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onImport}>
        <Upload className="h-4 w-4" aria-hidden /> Impor
      </Button>
      <a className={buttonClass.secondary} href="/api/users/export?format=xlsx" download>
        <Download className="h-4 w-4" aria-hidden /> Ekspor XLSX
      </a>
      <a className={buttonClass.secondary} href="/api/users/export?format=csv" download>
        <Download className="h-4 w-4" aria-hidden /> Ekspor CSV
      </a>
      <Button variant="secondary" onClick={onDivisions}>
        <Users className="h-4 w-4" aria-hidden /> Divisi
      </Button>
      <Button variant="secondary" onClick={onInviteCards}>
        <QrCode className="h-4 w-4" aria-hidden /> Kartu Aktivasi
      </Button>
    </>
  );
}

export function DivisionFilter({ divisions, value, onChange }: { divisions: DivisionDto[]; value: string; onChange: (v: string) => void }) {
  return (
    <div className="mb-2 flex items-center gap-2">
      <label htmlFor="employee-division" className="text-sm text-slate-700">
        Divisi
      </label>
      <select
        id="employee-division"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
      >
        <option value="">Semua divisi</option>
        <option value="none">Tanpa divisi</option>
        {divisions.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
    </div>
  );
}
