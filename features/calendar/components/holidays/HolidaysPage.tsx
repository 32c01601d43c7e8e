'use client';
// Kalender Libur (/admin/holidays): one year of libur nasional, cuti bersama and company days off as a
// year view and a list; add, edit, delete, confirm an estimate; "Tambah tahun berikutnya" pre-fills
// the next year as estimates (docs/calendar.md); the company's cuti bersama policy.
import { useCallback, useEffect, useState } from 'react';
import { CalendarPlus, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClass } from '@/components/ui/Modal';
import { Panel } from '@/components/ui/StatCard';
import { YearView } from '@/features/calendar/components/holidays/YearView';
import { HolidayList } from '@/features/calendar/components/holidays/HolidayList';
import { HolidayFormModal } from '@/features/calendar/components/holidays/HolidayFormModal';
import { CutiBersamaPolicy } from '@/features/calendar/components/holidays/CutiBersamaPolicy';
import { useOfficeTimezone, officeToday } from '@/hooks/useOfficeTimezone';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, closeDialog, confirmDialog, savedToast, showLoading, toast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { formatDateLong } from '@/lib/dates';
import type { HolidayDto } from '@/features/calendar/types/holidays';
import type { OfficeDto } from '@/features/offices/types/offices';
import { useLatestRequest } from '@/lib/ui/latest-request';

/** The years the selector offers: 2025 (the first calendar shipped) to five years ahead, and the shown one. */
function yearOptions(shown: number, current: number): number[] {
  const from = Math.min(2025, shown, current - 1);
  const to = Math.max(current + 5, shown);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function HolidaysPage() {
  const timezone = useOfficeTimezone();
  const today = officeToday(timezone);
  const [year, setYear] = useState(() => Number(today.slice(0, 4)));
  const [holidays, setHolidays] = useState<HolidayDto[] | null>(null);
  const [offices, setOffices] = useState<OfficeDto[]>([]);
  const [modal, setModal] = useState<{ holiday: HolidayDto | null } | null>(null);
  /** What "Tambah tahun berikutnya" could not estimate for the year it filled (shown until another year is filled). */
  const [missing, setMissing] = useState<{ year: number; names: string[] } | null>(null);

  const begin = useLatestRequest();
  const load = useCallback(
    async (y: number) => {
      const latest = begin();
      try {
        const rows = await latest(api.get<HolidayDto[]>(`/holidays?year=${y}`));
        setHolidays(rows);
      } catch (err) {
        void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat kalender libur'));
      }
    },
    [begin],
  );
  useEffect(() => {
    void load(year);
  }, [load, year]);
  useEffect(() => {
    api
      .get<OfficeDto[]>('/offices?includeInactive=1')
      .then(setOffices)
      .catch(() => undefined);
  }, []);

  const body = (h: HolidayDto) => ({
    date: h.date,
    name: h.name,
    kind: h.kind,
    officeIds: h.officeIds,
    decree: h.decree,
    confirmed: h.confirmed,
  });

  const confirmDate = async (h: HolidayDto) => {
    const ok = await confirmDialog({
      title: 'Konfirmasi Tanggal',
      text: `${h.name} pada ${formatDateLong(h.date)} sudah sesuai keputusan pemerintah?`,
      icon: 'question',
      confirmText: 'Ya, Konfirmasi',
    });
    if (!ok) return;
    try {
      await api.put(`/holidays/${h.id}`, { ...body(h), confirmed: true });
      await load(year);
      void toast('success', `${h.name} dikonfirmasi`);
    } catch (err) {
      void alertDialog('error', 'Gagal Konfirmasi', errorMessage(err, 'Gagal mengonfirmasi hari libur'));
    }
  };

  const remove = async (h: HolidayDto) => {
    await confirmDelete<{ message: string }>({
      title: 'Hapus Hari Libur',
      text: `Hapus ${h.name} (${formatDateLong(h.date)})?`,
      path: `/holidays/${h.id}`,
      reload: () => load(year),
      done: (res) => void savedToast('Berhasil Hapus', res.message),
      failText: 'Gagal menghapus hari libur',
    });
  };

  const prefill = async () => {
    const next = year + 1;
    const ok = await confirmDialog({
      title: 'Tambah Tahun Berikutnya',
      text: `Isi kalender ${next} dengan perkiraan libur nasional? Setiap tanggal ditandai perkiraan sampai Anda mengonfirmasinya sesuai SKB 3 Menteri.`,
      icon: 'question',
      confirmText: 'Ya, Tambahkan',
    });
    if (!ok) return;
    showLoading();
    try {
      const res = await api.post<{ message: string; missing: string[] }>('/holidays/prefill', { year: next });
      closeDialog();
      setHolidays(null);
      setYear(next);
      setMissing({ year: next, names: res.missing ?? [] });
      if (res.missing?.length) void alertDialog('warning', 'Sebagian Ditambahkan', res.message);
      else void savedToast('Berhasil Menambahkan', res.message);
    } catch (err) {
      closeDialog();
      void alertDialog('error', 'Gagal Menambahkan', errorMessage(err, 'Gagal menambahkan kalender tahun berikutnya'));
    }
  };

  const go = (y: number) => {
    if (y === year || y < 2000 || y > 2100) return;
    setHolidays(null);
    setYear(y);
  };
  const estimates = holidays?.filter((h) => !h.confirmed).length ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Kalender Libur"
        subtitle="Libur nasional, cuti bersama dan libur perusahaan"
        actions={
          <>
            <button type="button" onClick={() => void prefill()} className={buttonClass.secondary}>
              <CalendarPlus className="h-4 w-4" aria-hidden /> Tambah tahun berikutnya
            </button>
            <button type="button" onClick={() => setModal({ holiday: null })} className={buttonClass.primary}>
              <Plus className="h-4 w-4" aria-hidden /> Tambah Hari Libur
            </button>
          </>
        }
      />
      <CutiBersamaPolicy />
      <Panel
        title={`Tahun ${year}`}
        actions={
          <div className="flex items-center gap-1">
            <button type="button" className={buttonClass.icon} onClick={() => go(year - 1)} aria-label="Tahun sebelumnya">
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </button>
            <label htmlFor="holiday-year" className="sr-only">
              Tahun
            </label>
            <select
              id="holiday-year"
              value={year}
              onChange={(e) => go(Number(e.target.value))}
              className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            >
              {yearOptions(year, Number(today.slice(0, 4))).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
            <button type="button" className={buttonClass.icon} onClick={() => go(year + 1)} aria-label="Tahun berikutnya">
              <ChevronRight className="h-4 w-4" aria-hidden />
            </button>
          </div>
        }
      >
        {holidays === null ? (
          <Spinner label="Memuat kalender..." />
        ) : (
          <>
            {missing && missing.year === year && missing.names.length > 0 ? (
              <p
                role="alert"
                data-testid="holiday-missing"
                className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
              >
                Tidak dapat diperkirakan: {missing.names.join(', ')} — tambahkan manual dengan <strong>Tambah Hari Libur</strong> sesuai SKB
                3 Menteri tahun {year}.
              </p>
            ) : null}
            {estimates > 0 ? (
              <p role="note" className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                {estimates} tanggal masih <em>perkiraan</em>. Periksa dengan SKB 3 Menteri tahun {year}, lalu konfirmasi atau ubah
                tanggalnya.
              </p>
            ) : null}
            <YearView year={year} holidays={holidays} today={today} />
          </>
        )}
      </Panel>
      <Panel title={`Daftar Hari Libur ${year}`}>
        {holidays === null ? null : (
          <HolidayList
            holidays={holidays}
            offices={offices}
            onEdit={(h) => setModal({ holiday: h })}
            onDelete={(h) => void remove(h)}
            onConfirm={(h) => void confirmDate(h)}
          />
        )}
      </Panel>
      {modal ? (
        <HolidayFormModal
          holiday={modal.holiday}
          defaultDate={today.startsWith(String(year)) ? today : `${year}-01-01`}
          offices={offices}
          onClose={() => setModal(null)}
          onSaved={(h) => {
            setModal(null);
            const y = Number(h.date.slice(0, 4));
            if (y !== year) go(y);
            else void load(year);
          }}
        />
      ) : null}
    </div>
  );
}
