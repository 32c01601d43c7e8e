'use client';
// Kelola Karyawan: a row action showing an employee's face enrolment (photos, who and when) with a
// reset for admins (the employee then enrols again).
import { useState } from 'react';
import { RotateCcw, ScanFace, X } from 'lucide-react';
import { useFaceEnrolment } from '@/features/face/components/useFaceEnrolment';
import { useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import { formatJoinDate, formatTime } from '@/lib/dates';
import type { UserDto } from '@/features/employees/types/users';

const when = (iso: string | null, tz: string) => (iso ? `${formatJoinDate(iso, tz)} ${formatTime(iso, tz)}` : '-');

function FaceEnrolmentModal({ user, canReset, onClose }: { user: UserDto; canReset: boolean; onClose: () => void }) {
  const { data, loading, error, reload } = useFaceEnrolment(user.id);
  const timezone = useOfficeTimezone();
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    const ok = await confirmDialog({
      title: 'Reset Wajah',
      text: `Reset pendaftaran wajah ${user.name}? Foto dan data wajah akan dihapus dan karyawan harus mendaftarkan wajah ulang sebelum dapat absen.`,
      confirmText: 'Ya, Reset',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await api.post(`/face/enrolment/${user.id}/reset`);
      void toast('success', `Pendaftaran wajah ${user.name} berhasil direset`);
      await reload();
    } catch (err) {
      void alertDialog('error', 'Gagal Reset', errorMessage(err, 'Gagal mereset pendaftaran wajah'));
    } finally {
      setBusy(false);
    }
  };

  const statusText = !data
    ? ''
    : data.enrolled
      ? 'Terdaftar'
      : data.status === 'reset'
        ? 'Direset, belum mendaftar ulang'
        : 'Belum terdaftar';
  return (
    <div className="fixed inset-0 z-[1000] flex items-center justify-center bg-slate-900/60 p-4" role="presentation">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="face-admin-title"
        className="max-h-full w-full max-w-xl overflow-y-auto rounded-2xl bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id="face-admin-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <ScanFace className="h-5 w-5 text-blue-600" aria-hidden /> Wajah Terdaftar: {user.name}
          </h2>
          <button type="button" onClick={onClose} className="rounded-lg p-1 text-slate-500 hover:bg-slate-100" aria-label="Tutup dialog">
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <div className="space-y-4 p-5 text-sm">
          {loading && !data ? <p className="text-slate-500">Memuat...</p> : null}
          {error ? <p className="text-red-600">Gagal memuat data wajah</p> : null}
          {data ? (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-slate-500">Status</dt>
                <dd className={`font-semibold ${data.enrolled ? 'text-green-700' : 'text-amber-700'}`} data-testid="face-admin-status">
                  {statusText}
                </dd>
                <dt className="text-slate-500">Didaftarkan</dt>
                <dd>
                  {data.enrolled ? `${when(data.enrolledAt, timezone)}${data.enrolledBy ? ` oleh ${data.enrolledBy.name}` : ''}` : '-'}
                </dd>
                <dt className="text-slate-500">Reset terakhir</dt>
                <dd>{data.resetAt ? `${when(data.resetAt, timezone)}${data.resetBy ? ` oleh ${data.resetBy.name}` : ''}` : '-'}</dd>
              </dl>
              {data.photos.length ? (
                <div className="grid grid-cols-3 gap-2">
                  {data.photos.map((p) => (
                    // eslint-disable-next-line @next/next/no-img-element
                    <img
                      key={p}
                      src={`/api/face/enrolment/${user.id}/photo/${p}`}
                      alt={`Foto pendaftaran ${p} ${user.name}`}
                      className="aspect-[4/3] w-full rounded-lg object-cover"
                    />
                  ))}
                </div>
              ) : (
                <p className="text-slate-500">Tidak ada foto pendaftaran.</p>
              )}
            </>
          ) : null}
          <div className="flex justify-end gap-2">
            {canReset && data?.enrolled ? (
              <button
                type="button"
                onClick={() => void reset()}
                disabled={busy}
                className="inline-flex items-center gap-2 rounded-lg bg-amber-700 px-4 py-2 font-semibold text-white hover:bg-amber-800 disabled:opacity-50"
              >
                <RotateCcw className="h-4 w-4" aria-hidden /> Reset Wajah
              </button>
            ) : null}
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
            >
              Tutup
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

/** The row button (icon) opening the enrolment dialog for one user. */
export function FaceEnrolmentAction({ user, canReset = true }: { user: UserDto; canReset?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg p-2 text-indigo-600 transition-colors hover:bg-indigo-50"
        aria-label={`Wajah ${user.name}`}
        title="Pendaftaran wajah"
      >
        <ScanFace className="h-4 w-4" aria-hidden />
      </button>
      {open ? <FaceEnrolmentModal user={user} canReset={canReset} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
