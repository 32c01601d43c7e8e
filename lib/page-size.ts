// The paged lists' bounds, without zod: the pages import them too (features/attendance/lib/history-pages.ts),
// and importing them from lib/validation/common.ts put all of zod into those pages' first-load JavaScript.
/** Largest page (and the default) of a paged list; the page numbers stop at MAX_PAGE. */
export const MAX_PAGE_SIZE = 1000;
export const MAX_PAGE = 1_000_000;
