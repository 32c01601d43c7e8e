// Page info of the paged lists, GET /attendance/history/{userId} and GET /attendance/all: the body stays
// the contract's list, the page info travels in these headers (shared by the routes and the history screens).
import { MAX_PAGE_SIZE } from '@/lib/page-size';

/** GET /attendance/history/{userId} answers newest first, a page at a time (default and largest page). */
export const HISTORY_PAGE_SIZE = MAX_PAGE_SIZE;

export const PAGE_HEADERS = {
  total: 'X-Total-Count',
  page: 'X-Page',
  pageSize: 'X-Page-Size',
  totalPages: 'X-Total-Pages',
} as const;

export type PageInfo = { page: number; pageSize: number; total: number; totalPages: number };

export function pageHeaders(info: PageInfo): Record<string, string> {
  return {
    [PAGE_HEADERS.total]: String(info.total),
    [PAGE_HEADERS.page]: String(info.page),
    [PAGE_HEADERS.pageSize]: String(info.pageSize),
    [PAGE_HEADERS.totalPages]: String(info.totalPages),
  };
}

/** The page info of a response, or null when the headers are missing or not numbers. */
export function readPageInfo(headers: Headers): PageInfo | null {
  const n = (name: string) => Number(headers.get(name) ?? NaN);
  const info = {
    page: n(PAGE_HEADERS.page),
    pageSize: n(PAGE_HEADERS.pageSize),
    total: n(PAGE_HEADERS.total),
    totalPages: n(PAGE_HEADERS.totalPages),
  };
  return Object.values(info).every((v) => Number.isInteger(v) && v >= 0) ? info : null;
}
