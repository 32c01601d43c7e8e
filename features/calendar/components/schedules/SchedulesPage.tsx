'use client';
// Jadwal Kerja (/admin/schedules, /hr/schedules): the roster of employees × days, the named schedules
// and the schedule assignments (docs/calendar.md). Admins manage schedules; HR reads them, and both
// set roster cells and assign schedules.
import { useCallback, useEffect, useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { buttonClass } from '@/components/ui/Modal';
import { Roster } from '@/features/calendar/components/schedules/Roster';
import { ScheduleList } from '@/features/calendar/components/schedules/ScheduleList';
import { ScheduleFormModal } from '@/features/calendar/components/schedules/ScheduleFormModal';
import { Assignments } from '@/features/calendar/components/schedules/Assignments';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { dateKeyInZone, isValidTimeZone } from '@/lib/dates';
import type { OfficeDto } from '@/features/offices/types/offices';
import type { ScheduleDto } from '@/features/calendar/types/schedules';

export function SchedulesPage({ canEditSchedules }: { canEditSchedules: boolean }) {
  const [schedules, setSchedules] = useState<ScheduleDto[]>([]);
  const [offices, setOffices] = useState<OfficeDto[]>([]);
  const [today, setToday] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [modal, setModal] = useState<{ schedule: ScheduleDto | null } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const load = useCallback(async (announce: boolean) => {
    setLoading(true);
    try {
      const [list, officeList, settings] = await Promise.all([
        api.get<ScheduleDto[]>('/schedules'),
        api.get<OfficeDto[]>('/offices'),
        api.get<{ timezone: string }>('/settings'),
      ]);
      setSchedules(list);
      setOffices(officeList);
      setToday((t) => t ?? dateKeyInZone(new Date(), isValidTimeZone(settings.timezone) ? settings.timezone : 'Asia/Jakarta'));
      if (announce) void toast('success', 'Jadwal kerja berhasil dimuat', 2000);
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat jadwal kerja'));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load(false);
  }, [load]);

  const refresh = async () => {
    await load(true);
    setReloadKey((k) => k + 1);
  };

  const remove = async (s: ScheduleDto) => {
    await confirmDelete<{ message: string }>({
      title: 'Hapus Jadwal',
      text: `Apakah Anda yakin ingin menghapus jadwal ${s.name}?`,
      path: `/schedules/${s.id}`,
      reload: () => load(false),
      done: (res) => void savedToast('Berhasil Hapus', res.message),
      failText: 'Gagal menghapus jadwal',
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Jadwal Kerja"
        subtitle="Roster shift karyawan, jadwal kerja dan penugasannya"
        actions={
          <button type="button" onClick={() => void refresh()} disabled={loading} className={buttonClass.secondary}>
            <RefreshCw className={`h-4 w-4 ${loading ? 'animate-spin' : ''}`} aria-hidden /> Refresh
          </button>
        }
      />
      {!today ? (
        loading ? (
          <Spinner label="Memuat jadwal kerja..." />
        ) : null
      ) : (
        <>
          <Roster today={today} schedules={schedules} offices={offices} reloadKey={reloadKey} />
          <ScheduleList
            schedules={schedules}
            canEdit={canEditSchedules}
            onAdd={() => setModal({ schedule: null })}
            onEdit={(s) => setModal({ schedule: s })}
            onDelete={(s) => void remove(s)}
          />
          <Assignments today={today} schedules={schedules} onChanged={() => setReloadKey((k) => k + 1)} />
        </>
      )}
      {modal ? (
        <ScheduleFormModal
          schedule={modal.schedule}
          onClose={() => setModal(null)}
          onSaved={() => {
            setModal(null);
            void load(false);
            setReloadKey((k) => k + 1);
          }}
        />
      ) : null}
    </div>
  );
}
