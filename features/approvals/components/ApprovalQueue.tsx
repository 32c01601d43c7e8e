'use client';
// One tab of Persetujuan (docs/leave.md, "Persetujuan"): the same frame for cuti, lembur, koreksi and Perlu
// Tinjauan. Filters (status, month, office), one page at a time from the server with the total shown (the
// list route's X-Total-Count), and several rows approved at once after one confirmation that also takes an
// optional note for each (each is still its own decision; the summary says which failed and why). What a
// row says and its own Setujui/Tolak (a note, and a required reason on Tolak, lib/ui/decide.ts) are the
// feature's: `renderItem`.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmWithNote, toast } from '@/lib/ui/alerts';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { inputClass } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { Pagination, DEFAULT_PAGE_SIZE } from '@/features/attendance/components/Pagination';
import { readPageInfo } from '@/features/attendance/lib/history-pages';
import { OfficeSelect, useOfficeOptions } from '@/features/offices/components/OfficeFilter';

export type QueueFilter = { status: string; month: string; officeId: string; page: number; limit: number };
/** The list route of one page under the queue's filters; empty parameters are left out. */
export function pageUrl(path: string, f: QueueFilter, params: Record<string, string>): string {
  const q = new URLSearchParams({ page: String(f.page), limit: String(f.limit) });
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return `${path}?${q}`;
}
/** What a row's own controls may ask of the list. */
export type QueueRow<T> = { reload: () => void; replace: (next: T) => void };

export function ApprovalQueue<T extends { id: string }>({
  label,
  noun,
  idPrefix,
  statuses,
  defaultStatus,
  url,
  canDecide,
  nameOf,
  approveOne,
  approveVerb = 'Setujui',
  renderItem,
  testId,
  emptyText,
  loadingText,
  actions,
}: {
  /** The section's accessible name ('Persetujuan cuti'). */
  label: string;
  /** What is approved, in the confirmation ('pengajuan cuti'). */
  noun: string;
  idPrefix: string;
  /** The status filter's options ('' = every status). */
  statuses: { value: string; label: string }[];
  defaultStatus: string;
  /** The list route of one page under these filters (with page and limit). */
  url: (f: QueueFilter) => string;
  /** Whether the viewer may take this row's pending step (its checkbox for the bulk approval). */
  canDecide: (item: T) => boolean;
  nameOf: (item: T) => string;
  /** One approval of the bulk action; throws with the server's answer on a refusal. */
  approveOne: (item: T, note: string | undefined) => Promise<unknown>;
  /** 'Setujui' (requests) or 'Konfirmasi' (Perlu Tinjauan). */
  approveVerb?: string;
  renderItem: (item: T, row: QueueRow<T>) => ReactNode;
  testId: string;
  emptyText: string;
  loadingText: string;
  /** The tab's own buttons beside the filters (Tugaskan Lembur). */
  actions?: ReactNode;
}) {
  const offices = useOfficeOptions();
  const [status, setStatus] = useState(defaultStatus);
  const [month, setMonth] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const begin = useLatestRequest();
  // The feature's url() is a new function each render: read through a ref so only the filters reload.
  const urlOf = useRef(url);
  urlOf.current = url;

  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      const res = await latest(api.getWithHeaders<T[]>(urlOf.current({ status, month, officeId, page, limit: size })));
      setRows(res.data);
      setTotal(readPageInfo(res.headers)?.total ?? res.data.length);
      setPicked(new Set());
    } catch (err) {
      void toast('error', errorMessage(err, `Gagal memuat ${noun}`));
    } finally {
      setLoading(false);
    }
  }, [begin, status, month, officeId, page, size, noun]);

  useEffect(() => {
    void load();
  }, [load]);

  const decidable = rows.filter(canDecide);
  // A tick made while a load is under way would be wiped by its answer (a new list, nothing picked): the
  // checkboxes wait for it, as the bulk button does.
  const settled = !loading && !bulkBusy;
  const chosen = decidable.filter((r) => picked.has(r.id));

  const approvePicked = async () => {
    const note = await confirmWithNote({
      title: `${approveVerb} Terpilih`,
      text: `${approveVerb} ${chosen.length} ${noun} sekaligus?`,
      confirmText: `Ya, ${approveVerb}`,
      icon: 'question',
    });
    if (note === null) return;
    setBulkBusy(true);
    const failures: string[] = [];
    for (const item of chosen) {
      try {
        await approveOne(item, note.trim() || undefined);
      } catch (err) {
        failures.push(`${nameOf(item)}: ${errorMessage(err, 'gagal')}`);
      }
    }
    setBulkBusy(false);
    const done = chosen.length - failures.length;
    const verbDone = approveVerb === 'Setujui' ? 'disetujui' : 'dikonfirmasi';
    void alertDialog(
      failures.length ? 'warning' : 'success',
      `${done} dari ${chosen.length} ${verbDone}`,
      failures.join('\n') || undefined,
    );
    void load();
  };

  const toggle = (id: string) =>
    setPicked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allPicked = decidable.length > 0 && chosen.length === decidable.length;
  const filter = (fn: () => void) => {
    fn();
    setPage(1);
  };
  const row: QueueRow<T> = {
    reload: () => void load(),
    replace: (next) => setRows((list) => list.map((r) => (r.id === next.id ? next : r))),
  };

  return (
    <section aria-label={label} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3">
        <label className="text-sm text-slate-700">
          Status
          <select
            id={`${idPrefix}-status`}
            aria-label="Status"
            className={inputClass}
            value={status}
            onChange={(e) => filter(() => setStatus(e.target.value))}
          >
            {statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-700">
          Bulan
          <input
            id={`${idPrefix}-month`}
            aria-label="Bulan"
            type="month"
            className={inputClass}
            value={month}
            onChange={(e) => filter(() => setMonth(e.target.value))}
          />
        </label>
        <label className="text-sm text-slate-700">
          Kantor
          <OfficeSelect
            id={`${idPrefix}-office`}
            value={officeId}
            offices={offices}
            onChange={(v) => filter(() => setOfficeId(v))}
            className={inputClass}
          />
        </label>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {actions}
          <button
            type="button"
            onClick={() => void approvePicked()}
            disabled={chosen.length === 0 || !settled}
            className="rounded-lg bg-green-700 px-3 py-2 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-50"
          >
            {approveVerb} Terpilih ({chosen.length})
          </button>
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-2 text-sm text-slate-600">
        {decidable.length ? (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4"
              disabled={!settled}
              checked={allPicked}
              onChange={() => setPicked(allPicked ? new Set() : new Set(decidable.map((r) => r.id)))}
            />
            Pilih semua di halaman ini
          </label>
        ) : (
          <span />
        )}
        <span data-testid={`${testId}-total`} aria-live="polite">
          Total: {total}
        </span>
      </div>
      {loading && rows.length === 0 ? (
        <Spinner label={loadingText} />
      ) : rows.length === 0 ? (
        <p className="px-5 py-10 text-center text-slate-500">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-busy={loading || bulkBusy}>
          {rows.map((item) => (
            <li key={item.id} data-testid={testId} className="flex gap-3 px-4 py-3">
              {canDecide(item) ? (
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 shrink-0"
                  aria-label={`Pilih ${nameOf(item)}`}
                  disabled={!settled}
                  checked={picked.has(item.id)}
                  onChange={() => toggle(item.id)}
                />
              ) : null}
              <div className="min-w-0 flex-1">{renderItem(item, row)}</div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} total={total} size={size} onPage={setPage} onSize={(s) => filter(() => setSize(s))} />
    </section>
  );
}
