'use client';
// Penugasan Jadwal: another schedule for chosen employees over a date range (POST /schedules/{id}/assign;
// the newest assignment covering a date wins), and the list of assignments with their removal. The employees
// to tick are searched on the server (usePersonSearch, as every person picker): never the whole company.
// The list is paged and searched on the server too (GET /schedules/assignments?page=&q=), 20 a page.
import { useCallback, useEffect, useState } from 'react';
import { Search, Trash2 } from 'lucide-react';
import { Panel } from '@/components/ui/StatCard';
import { SelectField, TextField, inputClass } from '@/components/ui/Field';
import { buttonClass } from '@/components/ui/Modal';
import { ListTable } from '@/components/ui/ListTable';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, savedToast, toast } from '@/lib/ui/alerts';
import { confirmDelete } from '@/lib/ui/confirm-delete';
import { formatDateShort } from '@/lib/dates';
import { firstError } from '@/lib/validation/common';
import { assignmentSchema } from '@/features/calendar/validation/calendar';
import type { AssignmentDto, ScheduleDto } from '@/features/calendar/types/schedules';
import { usePersonSearch, type PickedPerson } from '@/features/employees/components/usePersonSearch';
import { useHydrated } from '@/hooks/useHydrated';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { readPageInfo } from '@/features/attendance/lib/history-pages';
import { Pagination } from '@/features/attendance/components/Pagination';
import { useDebounced } from '@/features/employees/components/useDebounced';

const PAGE_SIZE = 20;

type Props = { today: string; schedules: ScheduleDto[]; onChanged: () => void };

export function Assignments({ today, schedules, onChanged }: Props) {
  const hydrated = useHydrated();
  const [list, setList] = useState<AssignmentDto[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [query, setQuery] = useState('');
  const term = useDebounced(query.trim(), 250);
  const [form, setForm] = useState({ scheduleId: '', startDate: today, endDate: '' });
  const [chosen, setChosen] = useState<Map<string, PickedPerson>>(new Map());
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);

  const begin = useLatestRequest();
  // The current page (after an assignment or a removal too); a page past the end goes to the last one.
  const load = useCallback(async () => {
    const latest = begin();
    try {
      const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      if (term) params.set('q', term);
      const res = await latest(api.getWithHeaders<AssignmentDto[]>(`/schedules/assignments?${params}`));
      const info = readPageInfo(res.headers);
      if (info && res.data.length === 0 && info.total > 0 && page > info.totalPages) return setPage(info.totalPages);
      setList(res.data);
      setTotal(info?.total ?? res.data.length);
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat penugasan jadwal'));
    }
  }, [begin, page, term]);
  useEffect(() => {
    void load();
  }, [load]);
  // A new search starts at its first page.
  useEffect(() => setPage(1), [term]);

  const scheduleId = form.scheduleId || schedules[0]?.id || '';
  const found = usePersonSearch(search, true, { role: 'employee' });
  // The ticked ones first (they stay in view whatever is searched), then the matches.
  const shown = [...chosen.values(), ...found.people.filter((p) => !chosen.has(p.id))];
  const toggle = (p: PickedPerson) =>
    setChosen((s) => {
      const next = new Map(s);
      if (!next.delete(p.id)) next.set(p.id, p);
      return next;
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { userIds: [...chosen.keys()], startDate: form.startDate, endDate: form.endDate || undefined };
    const invalid = !scheduleId ? 'Pilih jadwal' : firstError(assignmentSchema.safeParse(body));
    if (invalid) return void toast('error', invalid);
    setSaving(true);
    try {
      const res = await api.post<{ message: string }>(`/schedules/${scheduleId}/assign`, body);
      setChosen(new Map());
      await load();
      onChanged();
      void savedToast('Berhasil Menerapkan', res.message);
    } catch (err) {
      void alertDialog('error', 'Gagal Menerapkan', errorMessage(err, 'Gagal menerapkan jadwal'));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (a: AssignmentDto) => {
    await confirmDelete<{ message: string }>({
      title: 'Hapus Penugasan',
      text: `Hapus penugasan ${a.scheduleName} untuk ${a.userName}?`,
      path: `/schedules/assignments/${a.id}`,
      reload: async () => {
        await load();
        onChanged();
      },
      done: (res) => void toast('success', res.message),
      failText: 'Gagal menghapus penugasan',
    });
  };

  return (
    <Panel title="Penugasan Jadwal">
      <form method="post" onSubmit={submit} noValidate className="grid gap-3 md:grid-cols-3">
        <SelectField
          id="assign-schedule"
          label="Jadwal"
          value={scheduleId}
          onChange={(e) => setForm({ ...form, scheduleId: e.target.value })}
          disabled={saving}
        >
          {schedules.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id="assign-start"
          label="Tanggal Mulai"
          type="date"
          value={form.startDate}
          onChange={(e) => setForm({ ...form, startDate: e.target.value })}
          disabled={saving}
        />
        <TextField
          id="assign-end"
          label="Tanggal Selesai (opsional)"
          type="date"
          value={form.endDate}
          onChange={(e) => setForm({ ...form, endDate: e.target.value })}
          disabled={saving}
        />
        <fieldset className="md:col-span-3">
          <legend className="mb-1 text-sm font-medium text-slate-700">Karyawan ({chosen.size} dipilih)</legend>
          <input
            type="search"
            aria-label="Cari karyawan"
            placeholder="Cari karyawan..."
            className={`${inputClass} mb-2`}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <div
            className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2 lg:grid-cols-3"
            tabIndex={0}
            role="region"
            aria-label="Daftar karyawan"
          >
            {shown.map((u) => (
              <label key={u.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={chosen.has(u.id)} onChange={() => toggle(u)} disabled={saving} />
                <span className="truncate">{u.name}</span>
              </label>
            ))}
            {shown.length === 0 && !found.loading ? <p className="text-sm text-slate-500">Tidak ada karyawan.</p> : null}
          </div>
          <p role="status" className="mt-1 text-xs text-slate-600">
            {found.failed
              ? 'Gagal memuat data karyawan. Silakan coba lagi.'
              : found.total > found.people.length
                ? `Menampilkan ${found.people.length} dari ${found.total}; ketik untuk mempersempit`
                : ''}
          </p>
        </fieldset>
        <div className="md:col-span-3">
          <button type="submit" className={buttonClass.primary} disabled={saving || !hydrated}>
            {saving ? 'Menyimpan...' : 'Terapkan Jadwal'}
          </button>
        </div>
      </form>
      <div className="relative mt-5 max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <input
          type="search"
          aria-label="Cari penugasan"
          placeholder="Cari nama, NIK atau email..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className={`${inputClass} pl-9`}
        />
      </div>
      <ListTable label="Tabel penugasan jadwal" columns={['Karyawan', 'Jadwal', 'Mulai', 'Selesai', 'Aksi']} className="mt-3">
        {list.map((a) => (
          <tr key={a.id} className="border-b border-slate-100 last:border-0" data-testid="assignment-row">
            <td className="py-2 pr-3 text-slate-900">{a.userName}</td>
            <td className="px-2 py-2 text-slate-800">{a.scheduleName}</td>
            <td className="whitespace-nowrap px-2 py-2 text-slate-700">{formatDateShort(a.startDate)}</td>
            <td className="whitespace-nowrap px-2 py-2 text-slate-700">{a.endDate ? formatDateShort(a.endDate) : 'Seterusnya'}</td>
            <td className="py-2 pl-2 text-right">
              <button
                type="button"
                onClick={() => void remove(a)}
                className={`${buttonClass.icon} text-red-600`}
                aria-label={`Hapus penugasan ${a.scheduleName} untuk ${a.userName}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </button>
            </td>
          </tr>
        ))}
        {list.length === 0 ? (
          <tr>
            <td colSpan={5} className="py-4 text-center text-slate-500">
              {term ? 'Tidak ada penugasan yang cocok.' : 'Belum ada penugasan jadwal.'}
            </td>
          </tr>
        ) : null}
      </ListTable>
      {total > PAGE_SIZE ? (
        <Pagination page={page} total={total} size={PAGE_SIZE} onPage={setPage} onSize={() => undefined} sizes={false} />
      ) : null}
    </Panel>
  );
}
