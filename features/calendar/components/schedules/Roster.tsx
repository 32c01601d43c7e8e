'use client';
// Roster (Jadwal Kerja): employees × the days of a week or a month from GET /roster, an office filter,
// a cell dialog that writes PUT /roster, and "Salin ke minggu berikutnya" for the shown week (every person of
// the office filter, not only the page). The server pages the people (ROSTER_PAGE people a page).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ChevronLeft, ChevronRight, Copy } from 'lucide-react';
import { Panel } from '@/components/ui/StatCard';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClass } from '@/components/ui/Modal';
import { inputClass } from '@/components/ui/Field';
import { RosterGrid, RosterLegend } from '@/features/calendar/components/schedules/RosterGrid';
import { RosterCellDialog } from '@/features/calendar/components/schedules/RosterCellDialog';
import {
  copyWeekCells,
  datesOf,
  dayMonth,
  rosterRange,
  shiftAnchor,
  type RosterView,
} from '@/features/calendar/components/schedules/format';
import { api, errorMessage } from '@/lib/api-client';
import { addDays } from '@/lib/dates';
import { alertDialog, closeDialog, confirmDialog, savedToast, showLoading, toast } from '@/lib/ui/alerts';
import type { OfficeDto } from '@/features/offices/types/offices';
import type { RosterCell, RosterDto, RosterRow } from '@/features/calendar/types/calendar';
import type { ScheduleDto } from '@/features/calendar/types/schedules';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { Pagination } from '@/features/attendance/components/Pagination';

/** People per roster page: a month of them stays a few thousand cells. */
const ROSTER_PAGE = 50;

type Props = { today: string; schedules: ScheduleDto[]; offices: OfficeDto[]; reloadKey: number };

export function Roster({ today, schedules, offices, reloadKey }: Props) {
  const [view, setView] = useState<RosterView>('week');
  const [anchor, setAnchor] = useState(today);
  const [officeId, setOfficeId] = useState('');
  const [data, setData] = useState<RosterDto | null>(null);
  const [loading, setLoading] = useState(true);
  const [picked, setPicked] = useState<{ row: RosterRow; cell: RosterCell } | null>(null);
  const [page, setPage] = useState(1);
  const range = useMemo(() => rosterRange(view, anchor), [view, anchor]);
  // Another office is another list: back to its first page.
  useEffect(() => setPage(1), [officeId]);

  const begin = useLatestRequest();
  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    try {
      const q = new URLSearchParams({
        startDate: range.start,
        endDate: range.end,
        ...(officeId ? { officeId } : {}),
        page: String(page),
        limit: String(ROSTER_PAGE),
      });
      const roster = await latest(api.get<RosterDto>(`/roster?${q}`));
      setData(roster);
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Jadwal', errorMessage(err, 'Gagal memuat jadwal karyawan'));
    } finally {
      setLoading(false);
    }
  }, [begin, range, officeId, page]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  const copyForward = async () => {
    if (!data) return;
    // The whole week of the office filter (every page), as the copy has always covered everyone.
    let week: RosterDto;
    try {
      const q = new URLSearchParams({ startDate: range.start, endDate: range.end, ...(officeId ? { officeId } : {}) });
      week = await api.get<RosterDto>(`/roster?${q}`);
    } catch (err) {
      return void alertDialog('error', 'Gagal Memuat Jadwal', errorMessage(err, 'Gagal memuat jadwal karyawan'));
    }
    const cells = copyWeekCells(week.rows, range.start, schedules);
    const target = `${dayMonth(addDays(range.start, 7))} – ${dayMonth(addDays(range.end, 7))}`;
    if (cells.length === 0) return void toast('info', 'Tidak ada jadwal yang diatur manual di minggu ini');
    const ok = await confirmDialog({
      title: 'Salin ke Minggu Berikutnya',
      text: `${cells.length} sel jadwal yang diatur manual di minggu ini akan disalin ke ${target}. Sel yang sama di minggu tujuan akan ditimpa.`,
      confirmText: 'Ya, Salin',
    });
    if (!ok) return;
    showLoading();
    try {
      const res = await api.put<{ message: string }>('/roster', { cells });
      closeDialog();
      setAnchor(addDays(range.start, 7));
      void savedToast('Berhasil Menyalin', res.message);
    } catch (err) {
      closeDialog();
      void alertDialog('error', 'Gagal Menyalin', errorMessage(err, 'Gagal menyalin jadwal'));
    }
  };

  const title =
    view === 'week'
      ? `${dayMonth(range.start)} – ${dayMonth(range.end)}`
      : new Date(`${range.start}T00:00:00Z`).toLocaleDateString('id-ID', { timeZone: 'UTC', month: 'long', year: 'numeric' });
  return (
    <Panel title="Roster Karyawan">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <div className="inline-flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Tampilan">
          {(['week', 'month'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${view === v ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {v === 'week' ? 'Minggu' : 'Bulan'}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={buttonClass.icon}
          onClick={() => setAnchor(shiftAnchor(view, anchor, -1))}
          aria-label={view === 'week' ? 'Minggu sebelumnya' : 'Bulan sebelumnya'}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </button>
        <span className="min-w-[11rem] text-center text-sm font-semibold text-slate-900" data-testid="roster-range" aria-live="polite">
          {title}
        </span>
        <button
          type="button"
          className={buttonClass.icon}
          onClick={() => setAnchor(shiftAnchor(view, anchor, 1))}
          aria-label={view === 'week' ? 'Minggu berikutnya' : 'Bulan berikutnya'}
        >
          <ChevronRight className="h-4 w-4" aria-hidden />
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setAnchor(today)}>
          Hari Ini
        </button>
        <select
          aria-label="Filter kantor"
          className={`${inputClass} w-auto max-w-full`}
          value={officeId}
          onChange={(e) => setOfficeId(e.target.value)}
        >
          <option value="">Semua kantor</option>
          {offices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({o.zone})
            </option>
          ))}
        </select>
        {view === 'week' ? (
          <button type="button" className={buttonClass.secondary} onClick={() => void copyForward()} disabled={loading || !data}>
            <Copy className="h-4 w-4" aria-hidden /> Salin ke minggu berikutnya
          </button>
        ) : null}
      </div>
      <div className="mb-3">
        <RosterLegend />
      </div>
      {loading && !data ? (
        <Spinner label="Memuat jadwal..." />
      ) : data ? (
        <RosterGrid
          rows={data.rows}
          dates={datesOf(data.startDate, data.endDate)}
          today={today}
          onPick={(row, cell) => setPicked({ row, cell })}
        />
      ) : null}
      {data && (data.total ?? 0) > ROSTER_PAGE ? (
        <Pagination page={page} total={data.total ?? 0} size={ROSTER_PAGE} onPage={setPage} onSize={() => undefined} sizes={false} />
      ) : null}
      {picked ? (
        <RosterCellDialog
          row={picked.row}
          cell={picked.cell}
          schedules={schedules}
          onClose={() => setPicked(null)}
          onSaved={() => {
            setPicked(null);
            void load();
          }}
        />
      ) : null}
    </Panel>
  );
}
