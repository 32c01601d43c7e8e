'use client';
// Riwayat Absensi for admins and HR (/admin/attendance, /hr/attendance): filters, table with photos and
// face review, the employee filter searched on the server (PersonPicker), pagination by the server (GET /attendance/all answers one page of the selected size and the
// count of the whole range, so every record is reachable), dismissible error banners; exports (CSV, XLSX,
// PDF, JSON) of every record of the applied filters, streamed by the server (no row cap).
import { useCallback, useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { HistoryFilters, EMPTY_FILTERS, type Filters } from '@/features/attendance/components/HistoryFilters';
import { HistoryTable } from '@/features/attendance/components/HistoryTable';
import { useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { useDivisionOptions } from '@/features/divisions/components/DivisionFilter';
import { DEFAULT_PAGE_SIZE, Pagination, clampPage } from '@/features/attendance/components/Pagination';
import { ExportButtons } from '@/features/attendance/components/ExportButtons';
import { reviewFaceRecord } from '@/features/attendance/components/dialogs';
import { api } from '@/lib/api-client';
import { readPageInfo } from '@/features/attendance/lib/history-pages';
import { toast } from '@/lib/ui/alerts';
import { useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { FACE_STATUSES, periodIssue } from '@/features/reports/validation/reports';
import type { AttendanceRecordDto } from '@/features/attendance/types/attendance';
import { useLatestRequest } from '@/lib/ui/latest-request';

const RECORDS_ERROR = 'Gagal memuat data absensi. Silakan coba lagi.';

function Banner({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <div
      role="alert"
      className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
    >
      <span>{text}</span>
      <button type="button" onClick={onClose} className="rounded p-0.5 hover:bg-red-100" aria-label="Tutup pesan">
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}

function query(f: Filters, paging?: { page: number; size: number }): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) qs.set(k, v);
  if (paging) {
    qs.set('page', String(paging.page));
    qs.set('limit', String(paging.size));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

export function AdminAttendanceHistory() {
  const [form, setForm] = useState<Filters>(EMPTY_FILTERS);
  /** The records of the page shown; `total` counts the whole range of the applied filters. */
  const [records, setRecords] = useState<AttendanceRecordDto[]>([]);
  const [total, setTotal] = useState(0);
  const offices = useOfficeOptions();
  const divisions = useDivisionOptions();
  const timezone = useOfficeTimezone();
  const [loading, setLoading] = useState(true);
  const [recordsError, setRecordsError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const applied = useRef<Filters>(EMPTY_FILTERS);
  /** Only the last request's answer is shown (a quick Next after Next, or a filter applied meanwhile). */
  const begin = useLatestRequest();

  const load = useCallback(
    async (filters: Filters, wanted: number, pageSize: number) => {
      applied.current = filters;
      const latest = begin();
      setPage(wanted);
      setLoading(true);
      setRecordsError(null);
      try {
        const fetchPage = (p: number) =>
          latest(api.getWithHeaders<AttendanceRecordDto[]>(`/attendance/all${query(filters, { page: p, size: pageSize })}`));
        let shown = wanted;
        let res = await fetchPage(shown);
        let info = readPageInfo(res.headers);
        // The range shrank under the page (a review, a record gone): the page stays within the last one.
        if (info && shown > info.totalPages) {
          shown = clampPage(shown, info.total, pageSize);
          res = await fetchPage(shown);
          info = readPageInfo(res.headers);
        }
        setRecords(res.data);
        setTotal(info?.total ?? res.data.length);
        setPage(shown);
      } catch (err) {
        console.error('[attendance] load failed', err);
        setRecords([]);
        setTotal(0);
        setRecordsError(RECORDS_ERROR);
      } finally {
        setLoading(false);
      }
    },
    [begin],
  );

  useEffect(() => {
    // The dashboard links here with ?review=perlu (Perlu Tinjauan); older links with ?faceStatus=flagged.
    const search = new URLSearchParams(window.location.search);
    const fromUrl = search.get('faceStatus') ?? '';
    const initial = {
      ...EMPTY_FILTERS,
      faceStatus: (FACE_STATUSES as readonly string[]).includes(fromUrl) ? fromUrl : '',
      review: search.get('review') === 'perlu' ? 'perlu' : '',
    };
    setForm(initial);
    void load(initial, 1, DEFAULT_PAGE_SIZE);
  }, [load]);

  const apply = () => {
    if (form.startDate && form.endDate) {
      const issue = periodIssue(form.startDate, form.endDate);
      if (issue) return void toast(issue.kind === 'order' ? 'error' : 'warning', issue.message);
    }
    void load(form, 1, size);
  };

  const reset = () => {
    setForm(EMPTY_FILTERS);
    void load(EMPTY_FILTERS, 1, size);
  };

  const review = async (r: AttendanceRecordDto) => {
    if (await reviewFaceRecord(r)) void load(applied.current, page, size);
  };

  return (
    <div className="space-y-4">
      <PageHeader
        title="Riwayat Absensi"
        subtitle="Seluruh catatan absensi karyawan"
        actions={
          <ExportButtons
            disabled={loading}
            empty={!total}
            done="Data absensi berhasil diexport"
            href={(format) => {
              const q = query(applied.current);
              return `/api/attendance/export${q}${q ? '&' : '?'}format=${format}`;
            }}
          />
        }
      />
      {recordsError ? <Banner text={recordsError} onClose={() => setRecordsError(null)} /> : null}
      <HistoryFilters
        offices={offices}
        divisions={divisions}
        value={form}
        busy={loading}
        onChange={setForm}
        onApply={apply}
        onReset={reset}
      />
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {loading ? (
          <Spinner label="Memuat data absensi..." />
        ) : (
          <HistoryTable rows={records} timezone={timezone} onReview={(r) => void review(r)} />
        )}
        {!loading && total > 0 ? (
          <Pagination
            page={page}
            total={total}
            size={size}
            onPage={(p) => void load(applied.current, clampPage(p, total, size), size)}
            onSize={(s) => {
              setSize(s);
              void load(applied.current, 1, s);
            }}
          />
        ) : null}
      </div>
    </div>
  );
}
