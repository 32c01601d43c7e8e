'use client';
// Lembur (/employee/overtime): the month's paid overtime, the request form, the employee's own list
// (and their team's, for a supervisor), and accepting or declining an assignment.
import { useCallback, useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { buttonClass } from '@/components/ui/Modal';
import { OvertimeFormModal } from '@/features/overtime/components/OvertimeFormModal';
import { OvertimeList, type OvertimeAction } from '@/features/overtime/components/OvertimeList';
import { classesText, fmtNumber } from '@/features/overtime/components/format';
import { decideOvertime } from '@/features/overtime/components/decide';
import { officeToday, useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { api, errorMessage } from '@/lib/api-client';
import { addDays } from '@/lib/dates';
import { formatMinutes } from '@/features/overtime/lib/rules';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import type { Decision } from '@/lib/ui/decide';
import type { OvertimeDto, OvertimeRecap } from '@/features/overtime/types/overtime';

function monthRange(today: string) {
  const start = `${today.slice(0, 7)}-01`;
  const next = addDays(start, 32);
  return { start, end: addDays(`${next.slice(0, 7)}-01`, -1) };
}

export function EmployeeOvertime() {
  const { user } = useAuth();
  const timeZone = useOfficeTimezone();
  const today = officeToday(timeZone);
  const [items, setItems] = useState<OvertimeDto[]>([]);
  const [recap, setRecap] = useState<OvertimeRecap | null>(null);
  const [loading, setLoading] = useState(true);
  const [formOpen, setFormOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!userId) return;
    setLoading(true);
    const { start, end } = monthRange(today);
    const [list, month] = await Promise.allSettled([
      api.get<OvertimeDto[]>('/overtime'),
      api.get<OvertimeRecap>(`/overtime/recap/${userId}?startDate=${start}&endDate=${end}`),
    ]);
    if (list.status === 'fulfilled') setItems(Array.isArray(list.value) ? list.value : []);
    else void toast('error', 'Gagal memuat data lembur');
    if (month.status === 'fulfilled') setRecap(month.value);
    setLoading(false);
  }, [userId, today]);

  useEffect(() => {
    void load();
  }, [load]);

  const [compensation, setCompensation] = useState<string>('upah');
  useEffect(() => {
    api.get<{ compensation: string }>('/settings/overtime').then(
      (p) => setCompensation(p.compensation),
      () => setCompensation('upah'),
    );
  }, []);

  const answer = async (o: OvertimeDto, accept: boolean) => {
    const ok = await confirmDialog({
      title: accept ? 'Terima Penugasan?' : 'Tolak Penugasan?',
      text: accept ? 'Dengan menerima, Anda menyetujui perintah lembur ini.' : 'Penugasan lembur ini akan ditolak.',
      confirmText: accept ? 'Ya, Terima' : 'Ya, Tolak',
      cancelText: 'Batal',
    });
    if (!ok) return;
    setBusyId(o.id);
    try {
      await api.post(`/overtime/${o.id}/consent`, { accept });
      void toast('success', accept ? 'Penugasan lembur diterima' : 'Penugasan lembur ditolak');
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Terjadi kesalahan server'));
    } finally {
      setBusyId(null);
      void load();
    }
  };

  const decide = async (o: OvertimeDto, status: Decision) => {
    const outcome = await decideOvertime(o, status, () => setBusyId(o.id));
    setBusyId(null);
    // The server's answer in place (approved by the supervisor, it now waits for HR); decided elsewhere: reload.
    if (outcome.kind === 'done') setItems((rows) => rows.map((r) => (r.id === o.id ? outcome.answer : r)));
    else if (outcome.kind === 'failed' && outcome.stale) void load();
  };

  const convert = async (o: OvertimeDto) => {
    const days = Math.floor((o.figures?.payableMinutes ?? 0) / 240) / 2;
    const ok = await confirmDialog({
      title: 'Ganti dengan Cuti Pengganti?',
      text: `Lembur ini (${formatMinutes(o.figures?.payableMinutes ?? 0)}) menjadi ${days.toLocaleString('id-ID')} hari cuti pengganti dan tidak dibayar sebagai lembur.`,
      confirmText: 'Ya, Ganti Cuti',
      cancelText: 'Batal',
    });
    if (!ok) return;
    setBusyId(o.id);
    try {
      const answer = await api.post<OvertimeDto>(`/overtime/${o.id}/convert`);
      setItems((rows) => rows.map((r) => (r.id === o.id ? answer : r)));
      void toast('success', 'Lembur diganti cuti pengganti');
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Terjadi kesalahan server'));
    } finally {
      setBusyId(null);
      void load();
    }
  };

  // Approved, worked at least 4 payable hours, not converted, and the company lets the employee choose.
  const convertible = (o: OvertimeDto) =>
    compensation !== 'upah' && o.userId === userId && o.status === 'approved' && !o.convertedAt && (o.figures?.payableMinutes ?? 0) >= 240;
  const actions = (o: OvertimeDto): OvertimeAction[] =>
    o.userId === userId && o.awaiting === 'karyawan'
      ? [
          { label: 'Terima', primary: true, onClick: (x) => void answer(x, true) },
          { label: 'Tolak', onClick: (x) => void answer(x, false) },
        ]
      : convertible(o)
        ? [{ label: 'Ganti Cuti', onClick: (x) => void convert(x) }]
        : [];
  // A supervisor's first step on the team's requests.
  const canDecide = (o: OvertimeDto) => o.userId !== userId && o.awaiting === 'atasan';

  return (
    <div>
      <PageHeader
        title="Lembur"
        subtitle="Ajukan lembur, terima penugasan, dan lihat jam lembur yang dibayar"
        actions={
          <button type="button" onClick={() => setFormOpen(true)} disabled={!userId} className={buttonClass.primary}>
            <Clock className="h-5 w-5" aria-hidden />
            Ajukan Lembur
          </button>
        }
      />
      {recap ? (
        <section
          data-testid="overtime-recap"
          className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          aria-label="Lembur bulan ini"
        >
          <h2 className="text-sm font-medium text-slate-600">Lembur disetujui bulan ini</h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{fmtNumber(recap.equivalentHours)} jam lembur setara</p>
          <p className="mt-1 text-sm text-slate-700">
            Dibayar {formatMinutes(recap.payableMinutes)}: {classesText(recap.classes)}
            {recap.openDays ? ` · ${recap.openDays} hari menunggu check-out/koreksi` : ''}
          </p>
        </section>
      ) : null}
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="overtime-own-title">
        <h2 id="overtime-own-title" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
          Riwayat Lembur
        </h2>
        <OvertimeList
          items={items}
          loading={loading}
          showName={items.some((o) => o.userId !== userId)}
          actions={actions}
          canDecide={canDecide}
          onDecide={(o, d) => void decide(o, d)}
          busyId={busyId}
        />
      </section>
      {formOpen ? (
        <OvertimeFormModal
          today={today}
          onClose={() => setFormOpen(false)}
          onSaved={() => {
            setFormOpen(false);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
