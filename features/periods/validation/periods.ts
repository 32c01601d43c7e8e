import { z } from 'zod';

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_REASON = 500;

const reason = z
  .string({ error: 'Alasan tidak valid' })
  .trim()
  .max(MAX_REASON, { error: `Alasan maksimal ${MAX_REASON} karakter` });

export const periodParams = z.object({ month: z.string().regex(MONTH_PATTERN, { error: 'Periode tidak valid (format YYYY-MM)' }) });

export const periodsQuery = z.object({
  year: z.coerce
    .number({ error: 'Tahun tidak valid' })
    .int({ error: 'Tahun tidak valid' })
    .min(2000, { error: 'Tahun tidak valid' })
    .max(2100, { error: 'Tahun tidak valid' })
    .optional(),
});

export const closePeriodSchema = z.object({
  reason: reason.optional(),
  override: z.boolean({ error: 'Data tidak valid' }).optional(),
});

export const reopenPeriodSchema = z.object({
  reason: reason.min(1, { error: 'Alasan wajib diisi' }),
});

export type ClosePeriodInput = z.infer<typeof closePeriodSchema>;
export type ReopenPeriodInput = z.infer<typeof reopenPeriodSchema>;

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

/** '2026-11' → 'November 2026' (the same label as the database's absensi_period_label). */
export function periodLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export const periodClosedMessage = (month: string) => `Periode ${periodLabel(month)} sudah ditutup.`;

/** '2026-10' → '2026-11'. */
export function nextMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The notice of a change that a closed month keeps out: "Perubahan berlaku mulai 1 November 2026 karena
 * periode Oktober 2026 sudah ditutup; hari-hari di periode itu tidak berubah." (months sorted, non-empty).
 */
export function closedMonthsNoticeMessage(months: string[]): string {
  const labels = months.map(periodLabel);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} dan ${labels.at(-1)}` : labels[0];
  const itu = labels.length > 1 ? 'periode-periode itu' : 'periode itu';
  return `Perubahan berlaku mulai 1 ${periodLabel(nextMonth(months.at(-1)!))} karena periode ${list} sudah ditutup; hari-hari di ${itu} tidak berubah.`;
}
