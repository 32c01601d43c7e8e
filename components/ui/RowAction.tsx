// An icon button in a table row's Aksi cell (Kelola Karyawan, Kantor & Cabang): the accessible name
// names the row ('Hapus Budi'), the tooltip only the action ('Hapus').
import type { LucideIcon } from 'lucide-react';

const TONES = {
  blue: 'text-blue-600 hover:bg-blue-50',
  amber: 'text-amber-600 hover:bg-amber-50',
  red: 'text-red-600 hover:bg-red-50',
} as const;

export function RowAction({
  icon: Icon,
  label,
  title,
  tone,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  title: string;
  tone: keyof typeof TONES;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-lg p-2 transition-colors disabled:opacity-40 ${TONES[tone]}`}
      aria-label={label}
      title={title}
    >
      <Icon className="h-4 w-4" aria-hidden />
    </button>
  );
}
