// Every entry of an employee's history in a range: the pages of GET /attendance/history/{userId}
// read one after another (newest first) until the last one the server announces.
import { api } from '@/lib/api-client';
import { HISTORY_PAGE_SIZE, readPageInfo } from '@/features/attendance/lib/history-pages';
import type { HistoryEntry } from '@/features/attendance/types/attendance';

export type HistoryPeriod = { startDate: string; endDate: string };

export async function loadWholeHistory(userId: string, period: HistoryPeriod): Promise<HistoryEntry[]> {
  const byId = new Map<string, HistoryEntry>();
  let lastPage = 1;
  for (let page = 1; page <= lastPage; page++) {
    const qs = new URLSearchParams();
    if (period.startDate) qs.set('startDate', period.startDate);
    if (period.endDate) qs.set('endDate', period.endDate);
    qs.set('page', String(page));
    qs.set('limit', String(HISTORY_PAGE_SIZE));
    const { data, headers } = await api.getWithHeaders<HistoryEntry[]>(`/attendance/history/${userId}?${qs}`);
    // A check-in arriving between two pages shifts the later ones by an entry: keep each entry once.
    for (const entry of data) if (!byId.has(entry.id)) byId.set(entry.id, entry);
    lastPage = readPageInfo(headers)?.totalPages ?? page;
  }
  return [...byId.values()];
}
