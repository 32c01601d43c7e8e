// Pagination of the admin history (the server answers the page): 5/10/20/50 per page, the spec's Previous/Next and
// 'Page X of Y' in Indonesian (Sebelumnya / Berikutnya, 'Halaman X dari Y': no English on a screen, issue 35).
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));
/** The page kept within 1 and the last page. */
export const clampPage = (page: number, total: number, size: number) => Math.min(Math.max(1, page), pageCount(total, size));

const btn =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

export function Pagination({
  page,
  total,
  size,
  onPage,
  onSize,
  sizes = true,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
  onSize: (s: number) => void;
  /** false: a fixed page size, only the count is shown. */
  sizes?: boolean;
}) {
  const pages = pageCount(total, size);
  return (
    <div
      className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="pagination"
    >
      {sizes ? (
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Tampilkan
          <select
            aria-label="Jumlah per halaman"
            value={size}
            onChange={(e) => onSize(Number(e.target.value))}
            className="rounded-lg border border-slate-300 px-2 py-1 text-sm"
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          per halaman · {total} data
        </label>
      ) : (
        <p className="text-sm text-slate-600">{total} data</p>
      )}
      <div className="flex items-center gap-2">
        <button type="button" className={btn} onClick={() => onPage(page - 1)} disabled={page <= 1}>
          Sebelumnya
        </button>
        <span className="px-2 text-sm text-slate-600" data-testid="page-info">
          Halaman {page} dari {pages}
        </span>
        <button type="button" className={btn} onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Berikutnya
        </button>
      </div>
    </div>
  );
}
