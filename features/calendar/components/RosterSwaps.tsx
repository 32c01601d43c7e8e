'use client';
// Tukar Jadwal (docs/calendar.md): an employee asks a colleague of the same office to swap a date's shifts,
// or asks for another shift of their own for a day; the colleague consents (Setuju/Tolak), then the
// supervisor or HR approves (Setujui/Tolak). One screen for the employee (/employee/swaps, with the form)
// and for HR and admin (/hr/swaps, /admin/swaps: every request).
import { useCallback, useEffect, useState } from 'react';
import { PageHeader } from '@/components/ui/PageHeader';
import { SelectField, TextField } from '@/components/ui/Field';
import { buttonClass } from '@/components/ui/Modal';
import { Spinner } from '@/components/ui/Spinner';
import { useHydrated } from '@/hooks/useHydrated';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmWithNote, toast } from '@/lib/ui/alerts';
import { formatDateLong } from '@/lib/dates';
import { officeToday, useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { SWAP_STATUS_LABELS, swapCreateSchema } from '@/features/calendar/validation/roster-swaps';
import type { RosterSwapDto, SwapListDto } from '@/features/calendar/types/roster-swaps';

function SwapForm({ colleagues, today, onSaved }: { colleagues: SwapListDto['colleagues']; today: string; onSaved: () => void }) {
  const hydrated = useHydrated();
  const [kind, setKind] = useState<'rekan' | 'sendiri'>('rekan');
  const [form, setForm] = useState({ date: today, partnerId: '', start: '', end: '', reason: '' });
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body =
      kind === 'rekan'
        ? { date: form.date, partnerId: form.partnerId, reason: form.reason }
        : { date: form.date, start: form.start, end: form.end, reason: form.reason };
    const parsed = swapCreateSchema.safeParse(body);
    if (!parsed.success) return void toast('error', parsed.error.issues[0]?.message ?? 'Data tidak valid');
    setBusy(true);
    try {
      await api.post('/roster/swaps', parsed.data);
      void toast('success', kind === 'rekan' ? 'Permintaan tukar jadwal dikirim ke rekan' : 'Permintaan ganti shift dikirim');
      setForm({ date: today, partnerId: '', start: '', end: '', reason: '' });
      onSaved();
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Terjadi kesalahan server'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={(e) => void submit(e)} className="mb-6 space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">Ajukan Tukar Jadwal</h2>
      <SelectField id="swap-kind" label="Jenis" value={kind} onChange={(e) => setKind(e.target.value as 'rekan' | 'sendiri')}>
        <option value="rekan">Tukar jadwal dengan rekan</option>
        <option value="sendiri">Ganti shift saya sendiri</option>
      </SelectField>
      <TextField id="swap-date" label="Tanggal" type="date" min={today} value={form.date} onChange={set('date')} required />
      {kind === 'rekan' ? (
        <SelectField id="swap-partner" label="Rekan (kantor yang sama)" value={form.partnerId} onChange={set('partnerId')} required>
          <option value="">Pilih rekan</option>
          {colleagues.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          <TextField id="swap-start" label="Jam mulai" type="time" value={form.start} onChange={set('start')} required />
          <TextField id="swap-end" label="Jam selesai" type="time" value={form.end} onChange={set('end')} required />
        </div>
      )}
      <TextField id="swap-reason" label="Alasan" value={form.reason} onChange={set('reason')} maxLength={500} required />
      <button type="submit" disabled={!hydrated || busy} className={buttonClass.primary}>
        {busy ? 'Mengirim...' : 'Kirim Permintaan'}
      </button>
    </form>
  );
}

function what(s: RosterSwapDto): string {
  return s.partnerId ? `${s.requesterName} ⇄ ${s.partnerName}` : `${s.requesterName}: ganti shift ke ${s.start}–${s.end}`;
}

export function RosterSwaps({ area }: { area: 'employee' | 'staff' }) {
  const timeZone = useOfficeTimezone();
  const today = officeToday(timeZone);
  const [data, setData] = useState<SwapListDto | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await api.get<SwapListDto>('/roster/swaps'));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat tukar jadwal'));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (s: RosterSwapDto, action: 'consent' | 'approve' | 'reject') => {
    const note = await confirmWithNote({
      title: action === 'reject' ? 'Tolak Tukar Jadwal?' : action === 'consent' ? 'Setuju Tukar Jadwal?' : 'Setujui Tukar Jadwal?',
      text: `${what(s)}, ${formatDateLong(s.date)}`,
      confirmText: action === 'reject' ? 'Ya, Tolak' : 'Ya, Setuju',
      icon: 'question',
      ...(action === 'reject' ? { noteRequired: 'Alasan penolakan harus diisi' } : {}),
    });
    if (note === null) return;
    setBusyId(s.id);
    try {
      const answer = await api.put<RosterSwapDto>(`/roster/swaps/${s.id}/status`, {
        action,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setData((d) => (d ? { ...d, items: d.items.map((x) => (x.id === s.id ? answer : x)) } : d));
      void toast(
        'success',
        action === 'reject' ? 'Tukar jadwal ditolak' : action === 'consent' ? 'Anda menyetujui tukar jadwal' : 'Tukar jadwal disetujui',
      );
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Terjadi kesalahan server'));
      void load();
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div>
      <PageHeader title="Tukar Jadwal" subtitle="Tukar shift dengan rekan sekantor atau ganti shift sendiri untuk satu hari" />
      {area === 'employee' && data ? <SwapForm colleagues={data.colleagues} today={today} onSaved={() => void load()} /> : null}
      <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="swap-list-title">
        <h2 id="swap-list-title" className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
          Daftar Tukar Jadwal
        </h2>
        {!data ? (
          <Spinner label="Memuat tukar jadwal..." />
        ) : data.items.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-600">Belum ada pengajuan tukar jadwal.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {data.items.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="swap-row">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{what(s)}</p>
                  <p className="text-sm text-slate-700">
                    {formatDateLong(s.date)} · {SWAP_STATUS_LABELS[s.status]}
                  </p>
                  <p className="break-words text-sm text-slate-600">{s.reason}</p>
                  {s.decidedByName ? (
                    <p className="text-xs text-slate-600">
                      {s.status === 'approved' ? 'Disetujui' : 'Ditolak'} oleh {s.decidedByName}
                      {s.note ? `: ${s.note}` : ''}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  {s.canConsent ? (
                    <button type="button" className={buttonClass.primary} disabled={busyId !== null} onClick={() => void act(s, 'consent')}>
                      Setuju
                    </button>
                  ) : null}
                  {s.canDecide ? (
                    <button type="button" className={buttonClass.primary} disabled={busyId !== null} onClick={() => void act(s, 'approve')}>
                      Setujui
                    </button>
                  ) : null}
                  {s.canConsent || s.canDecide ? (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      disabled={busyId !== null}
                      onClick={() => void act(s, 'reject')}
                    >
                      Tolak
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
