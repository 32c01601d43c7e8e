// Absensi Bulanan (docs/exports.md): GET /api/recap/grid's query.
import { z } from 'zod';
import { recapQuery } from '@/features/recap/validation/recap';

export const GRID_FORMATS = ['json', 'xlsx', 'pdf', 'csv'] as const;
export type GridFormat = (typeof GRID_FORMATS)[number];
export const GRID_PAGE_SIZE_MAX = 200;

const pick = <T extends string>(values: readonly [T, ...T[]], fallback: T, error: string) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? fallback : v), z.enum(values, { error }));
const positive = (fallback: number, max: number, error: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined || v === null ? fallback : Number(v)),
    z.number({ error }).int({ error }).min(1, { error }).max(max, { error }),
  );

/** GET /api/recap/grid?month&officeId&divisionId&format=json|xlsx|pdf|csv&page&pageSize&paper=a4|f4&sep=comma */
export const gridQuery = recapQuery.pick({ month: true, officeId: true, divisionId: true }).extend({
  format: pick(GRID_FORMATS, 'json', 'Format harus json, xlsx, pdf atau csv'),
  /** The screen's page (JSON only; the files hold every row). */
  page: positive(1, 100_000, 'Halaman tidak valid'),
  pageSize: positive(50, GRID_PAGE_SIZE_MAX, `Jumlah baris per halaman 1–${GRID_PAGE_SIZE_MAX}`),
  /** Print setup of the XLSX and the PDF: A4 or F4 (folio, 215 × 330 mm), landscape. */
  paper: pick(['a4', 'f4'], 'a4', 'Kertas harus a4 atau f4'),
  sep: pick(['semicolon', 'comma'], 'semicolon', 'Pemisah harus semicolon atau comma'),
});
export type GridQuery = z.output<typeof gridQuery>;
