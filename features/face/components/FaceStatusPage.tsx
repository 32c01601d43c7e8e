'use client';
// Status Wajah (/admin/face-status, /hr/face-status; docs/face.md): who has enrolled a face and who has
// not, per office and division, filtered by office, division and status; "Ingatkan" sends the employee the
// notification 'face.not_enrolled' (one person, or everyone not enrolled in the list), at most once a day;
// "Daftarkan" lets HR take the employee's three captures on this (office) device.
import { useCallback, useEffect, useState } from 'react';
import { BellRing, CheckCircle2, Users, XCircle } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { Button, RefreshButton } from '@/components/ui/Button';
import { FilterBar, FilterSelect } from '@/components/ui/FilterBar';
import { ListTable } from '@/components/ui/ListTable';
import { Panel, StatCard } from '@/components/ui/StatCard';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { useLatestRequest } from '@/lib/ui/latest-request';
import { useHydrated } from '@/hooks/useHydrated';
import { formatDateLong } from '@/lib/dates';
import { useOfficeOptions } from '@/features/offices/components/OfficeFilter';
import { useDivisionOptions } from '@/features/divisions/components/DivisionFilter';
import type { FaceRemindDto, FaceStatusDto, FaceStatusGroup, FaceStatusPerson } from '@/features/face/types/face-status';
import { LazyEnrolFaceDialog } from '@/features/face/components/lazy';
import { useFaceSettings } from '@/features/face/components/useFaceEnrolment';

function Groups({ title, groups }: { title: string; groups: FaceStatusGroup[] }) {
  return (
    <Panel title={title}>
      <ListTable label={`Jumlah pendaftaran wajah ${title.toLowerCase()}`} columns={[title.replace('Per ', ''), 'Sudah', 'Belum', 'Total']}>
        {groups.map((g) => (
          <tr key={g.id ?? 'none'} className="border-b border-slate-100">
            <td className="py-2 pr-3 text-slate-800">{g.name}</td>
            <td className="px-2 py-2 text-green-700">{g.enrolled}</td>
            <td className="px-2 py-2 text-red-700">{g.total - g.enrolled}</td>
            <td className="py-2 pl-2 text-right text-slate-700">{g.total}</td>
          </tr>
        ))}
      </ListTable>
    </Panel>
  );
}

export function FaceStatusPage() {
  const hydrated = useHydrated();
  const offices = useOfficeOptions();
  const divisions = useDivisionOptions();
  const [officeId, setOfficeId] = useState('');
  const [divisionId, setDivisionId] = useState('');
  const [state, setState] = useState('');
  const [data, setData] = useState<FaceStatusDto | null>(null);
  const [loading, setLoading] = useState(true);
  const [sending, setSending] = useState(false);
  const [enrolling, setEnrolling] = useState<FaceStatusPerson | null>(null);
  const { faceMatchThreshold } = useFaceSettings();
  const begin = useLatestRequest();

  const load = useCallback(async () => {
    const latest = begin();
    setLoading(true);
    const qs = new URLSearchParams();
    if (officeId) qs.set('officeId', officeId);
    if (divisionId) qs.set('divisionId', divisionId);
    if (state) qs.set('state', state);
    try {
      setData(await latest(api.get<FaceStatusDto>(`/face/status${qs.size ? `?${qs}` : ''}`)));
    } catch (err) {
      void alertDialog('error', 'Gagal Memuat Data', errorMessage(err, 'Gagal memuat status wajah'));
    } finally {
      setLoading(false);
    }
  }, [begin, officeId, divisionId, state]);

  useEffect(() => {
    void load();
  }, [load]);

  const remind = async (userIds: string[], who: string) => {
    if (!userIds.length) return;
    const ok = await confirmDialog({
      title: 'Kirim Pengingat?',
      text: `Pengingat untuk mendaftarkan wajah dikirim ke ${who}.`,
      confirmText: 'Kirim',
      icon: 'question',
    });
    if (!ok) return;
    setSending(true);
    try {
      const r = await api.post<FaceRemindDto>('/face/status/remind', { userIds });
      void toast('success', r.message);
    } catch (err) {
      void alertDialog('error', 'Gagal Mengirim Pengingat', errorMessage(err, 'Gagal mengirim pengingat'));
    } finally {
      setSending(false);
    }
  };

  const pending = data?.people.filter((p) => !p.enrolled) ?? [];
  return (
    <div className="space-y-4">
      <PageHeader
        title="Status Wajah"
        subtitle="Karyawan yang sudah dan belum mendaftarkan wajah, per kantor dan divisi"
        actions={
          <>
            <RefreshButton loading={loading} onClick={() => void load()} />
            <Button
              disabled={!hydrated || sending || loading || !pending.length}
              onClick={() =>
                void remind(
                  pending.map((p) => p.userId),
                  `${pending.length} karyawan yang belum terdaftar di daftar ini`,
                )
              }
            >
              <BellRing className="mr-2 inline h-4 w-4" aria-hidden />
              Ingatkan yang Belum ({pending.length})
            </Button>
          </>
        }
      />
      <FilterBar label="Filter status wajah" columns={4}>
        <FilterSelect
          id="face-office"
          label="Kantor"
          value={officeId}
          onChange={(e) => setOfficeId(e.target.value)}
          allLabel="Semua Kantor"
          options={offices.map((o) => ({ value: o.id, label: o.name }))}
        />
        <FilterSelect
          id="face-division"
          label="Divisi"
          value={divisionId}
          onChange={(e) => setDivisionId(e.target.value)}
          allLabel="Semua Divisi"
          options={[{ value: 'none', label: 'Tanpa Divisi' }, ...divisions.map((d) => ({ value: d.id, label: d.name }))]}
        />
        <FilterSelect
          id="face-state"
          label="Status"
          value={state}
          onChange={(e) => setState(e.target.value)}
          allLabel="Semua"
          options={[
            { value: 'sudah', label: 'Sudah terdaftar' },
            { value: 'belum', label: 'Belum terdaftar' },
          ]}
        />
      </FilterBar>
      {!data ? (
        <Spinner />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Karyawan" value={data.total} icon={<Users className="h-5 w-5" />} testId="face-total" />
            <StatCard
              label="Sudah Terdaftar"
              value={data.enrolled}
              tone="green"
              icon={<CheckCircle2 className="h-5 w-5" />}
              testId="face-enrolled"
            />
            <StatCard
              label="Belum Terdaftar"
              value={data.notEnrolled}
              tone="red"
              icon={<XCircle className="h-5 w-5" />}
              testId="face-not-enrolled"
            />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Groups title="Per Kantor" groups={data.byOffice} />
            <Groups title="Per Divisi" groups={data.byDivision} />
          </div>
          <Panel title="Karyawan">
            <ListTable label="Daftar status wajah karyawan" columns={['Nama', 'NIK', 'Kantor', 'Divisi', 'Status', 'Aksi']}>
              {data.people.length === 0 ? (
                <tr>
                  <td colSpan={6} className="py-6 text-center text-slate-500">
                    Tidak ada data
                  </td>
                </tr>
              ) : (
                data.people.map((p) => (
                  <tr key={p.userId} className="border-b border-slate-100" data-testid={`face-row-${p.userId}`}>
                    <td className="py-2 pr-3">
                      <p className="font-medium text-slate-900">{p.name}</p>
                      <p className="text-xs text-slate-500">{p.position}</p>
                    </td>
                    <td className="px-2 py-2 text-slate-700">{p.employeeNumber ?? '-'}</td>
                    <td className="px-2 py-2 text-slate-700">{p.officeName}</td>
                    <td className="px-2 py-2 text-slate-700">{p.division ?? '-'}</td>
                    <td className="px-2 py-2">
                      {p.enrolled ? (
                        <span className="text-green-700">
                          Sudah terdaftar
                          <span className="block text-xs text-slate-500">
                            {p.enrolledAt ? formatDateLong(p.enrolledAt.slice(0, 10)) : ''}
                            {p.enrolledBy && !p.enrolledBy.self ? ` · oleh ${p.enrolledBy.name}` : ''}
                          </span>
                        </span>
                      ) : (
                        <span className="text-red-700">Belum terdaftar</span>
                      )}
                    </td>
                    <td className="py-2 pl-2 text-right">
                      {p.enrolled ? null : (
                        <span className="inline-flex gap-2">
                          <Button variant="secondary" disabled={!hydrated || sending} onClick={() => void remind([p.userId], p.name)}>
                            Ingatkan
                          </Button>
                          <Button
                            variant="secondary"
                            disabled={!hydrated}
                            onClick={() => setEnrolling(p)}
                            aria-label={`Daftarkan wajah ${p.name}`}
                          >
                            Daftarkan
                          </Button>
                        </span>
                      )}
                    </td>
                  </tr>
                ))
              )}
            </ListTable>
          </Panel>
        </>
      )}
      {enrolling ? (
        <LazyEnrolFaceDialog
          threshold={faceMatchThreshold}
          forUser={{ id: enrolling.userId, name: enrolling.name }}
          onClose={() => setEnrolling(null)}
          onEnrolled={() => {
            setEnrolling(null);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
