// Rekap Bulanan's two tables (per office, per employee): the header rows and one row's figures. The
// columns are the files' (features/recap/lib/columns.ts): the same headers in the same order in the
// XLSX, PDF, CSV and JSON, under a row naming their groups (docs/recap.md).
import { recapFigureColumns, type RecapColumn } from '@/features/recap/lib/columns';
import type { RecapDto, RecapRow, RecapTotals } from '@/features/recap/types/recap';
import { numberFormat } from '@/lib/intl';

/** A figure as the recap shows it: Indonesian digits, at most two decimals. */
export const num = (n: number) => numberFormat('id-ID', { maximumFractionDigits: 2 }).format(n);

/** The figure columns of a recap (one list for the page and the files). */
export const figureColumns = (recap: RecapDto): RecapColumn[] => recapFigureColumns(recap);

export function Figures({ r, columns }: { r: RecapRow | RecapTotals; columns: RecapColumn[] }) {
  return (
    <>
      {columns.map((c) => (
        <td key={c.key} className="px-2 py-2 text-right">
          {num(c.value(r))}
        </td>
      ))}
    </>
  );
}

export function Head({ columns, first }: { columns: RecapColumn[]; first: string }) {
  const groups: { name: string; span: number }[] = [];
  for (const c of columns) {
    const last = groups.at(-1);
    if (last?.name === c.group) last.span++;
    else groups.push({ name: c.group, span: 1 });
  }
  return (
    <>
      <tr>
        <td />
        {groups.map((g) => (
          <th key={g.name} scope="colgroup" colSpan={g.span} className="border-l border-slate-200 px-2 pt-2 text-center">
            {g.name}
          </th>
        ))}
      </tr>
      <tr>
        <th scope="col" className="px-2 py-2">
          {first}
        </th>
        {columns.map((c) => (
          <th key={c.key} scope="col" className="px-2 py-2 text-right">
            {c.header}
          </th>
        ))}
      </tr>
    </>
  );
}
