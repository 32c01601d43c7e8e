// A page's main list as a table (Kantor & Cabang, Kiosk Absensi, Mesin Absensi): a spinner while the
// first load runs, an empty state with an icon, otherwise a white panel whose table scrolls sideways in
// a named region (keyboard-reachable), with small uppercase headings and an optional footer line. The
// rows are the caller's; a column's `className` hides it on small screens ('hidden sm:table-cell') or
// aligns it ('text-right'), and the cells of that column take the same classes from the caller.
import type { LucideIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/Spinner';

export type DataColumn = { label: string; className?: string };

export function DataTable({
  label,
  columns,
  rows,
  loading,
  loadingLabel,
  emptyIcon: EmptyIcon,
  emptyText,
  footer,
  children,
}: {
  /** The scrolling region's name for screen readers ('Tabel kantor'). */
  label: string;
  columns: DataColumn[];
  /** How many rows there are: none shows the empty state (or the spinner while loading). */
  rows: number;
  loading: boolean;
  loadingLabel: string;
  emptyIcon: LucideIcon;
  emptyText: string;
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  if (rows === 0 && loading) return <Spinner label={loadingLabel} />;
  if (rows === 0)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-slate-200 bg-white py-12 text-center text-slate-500">
        <EmptyIcon className="h-10 w-10 text-slate-300" aria-hidden />
        <p className="font-medium text-slate-700">{emptyText}</p>
      </div>
    );
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={c.className ? `px-4 py-3 ${c.className}` : 'px-4 py-3'}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
      {footer ? <div className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}
