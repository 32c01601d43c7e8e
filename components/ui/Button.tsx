// Buttons of the admin screens: a primary action, a secondary one, an icon-only one. `buttonClass` is
// for links and labels that must look like a button; `Button` for real buttons. `RefreshButton` and
// `AddButton` are the Refresh / Tambah pair in the header of the Kelola Karyawan and Kantor & Cabang lists.
import { Plus, RefreshCw } from 'lucide-react';

export const buttonClass = {
  primary:
    'inline-flex items-center gap-2 rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700 disabled:opacity-60',
  secondary:
    'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60',
  icon: 'rounded-lg p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-50',
} as const;

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonClass };

/** A button that is never a form submit by accident: `type` defaults to 'button'. */
export function Button({ variant = 'primary', type = 'button', className = '', ...rest }: ButtonProps) {
  return <button type={type} className={`${buttonClass[variant]} ${className}`.trim()} {...rest} />;
}

/** 'Refresh' with an icon that spins while the list loads; disabled meanwhile. */
export function RefreshButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={loading}
      className="flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
    >
      <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden />
      Refresh
    </button>
  );
}

/** The '+ Tambah …' button that opens a list's add dialog. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex items-center gap-2 rounded-lg bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700"
    >
      <Plus className="h-4 w-4" aria-hidden />
      {label}
    </button>
  );
}
