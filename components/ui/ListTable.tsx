// A compact table inside a panel (Hari Libur, Penugasan Jadwal): a scrollable region with a name for
// screen readers, small uppercase column headings, the first column flush left and the last one
// ('Aksi') aligned right. The rows are the caller's.
export function ListTable({
  label,
  columns,
  className,
  children,
}: {
  label: string;
  columns: string[];
  /** Extra classes of the scrolling wrapper (e.g. a top margin). */
  className?: string;
  children: React.ReactNode;
}) {
  const last = columns.length - 1;
  return (
    <div className={className ? `${className} overflow-x-auto` : 'overflow-x-auto'} tabIndex={0} role="region" aria-label={label}>
      <table className="min-w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs font-semibold uppercase text-slate-600">
            {columns.map((c, i) => (
              <th key={c} scope="col" className={i === 0 ? 'py-2 pr-3' : i === last ? 'py-2 pl-2 text-right' : 'px-2 py-2'}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
