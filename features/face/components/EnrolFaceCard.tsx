'use client';
// Akun Saya: the employee's face enrolment (status, photos, enrol button) and what is stored and why.
import { useState } from 'react';
import { ScanFace, ShieldCheck } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { LazyEnrolFaceDialog } from '@/features/face/components/lazy';
import { useFaceEnrolment, useFaceSettings } from '@/features/face/components/useFaceEnrolment';
import { useOfficeTimezone } from '@/hooks/useOfficeTimezone';
import { formatJoinDate, formatTime } from '@/lib/dates';
import { privacyNotice } from '@/features/face/lib/messages';

const when = (iso: string, tz: string) => `${formatJoinDate(iso, tz)} pukul ${formatTime(iso, tz)}`;

export function EnrolFaceCard() {
  const { user } = useAuth();
  const { data, loading, error, reload } = useFaceEnrolment();
  const { faceMatchThreshold, photoRetentionDays } = useFaceSettings();
  const timezone = useOfficeTimezone();
  const [open, setOpen] = useState(false);
  const enrolled = data?.enrolled === true;
  // Only employees check in, so only they enrol.
  if (user?.role !== 'employee') return null;

  return (
    <section
      id="wajah"
      className="rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="face-title"
      data-testid="face-enrolment-card"
    >
      <h2 id="face-title" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ScanFace className="h-5 w-5 text-blue-600" aria-hidden /> Verifikasi Wajah
      </h2>
      {loading && !data ? <p className="text-sm text-slate-500">Memuat status wajah...</p> : null}
      {error ? <p className="text-sm text-red-600">Gagal memuat status pendaftaran wajah</p> : null}
      {data ? (
        <div className="space-y-3">
          <p className="text-sm" data-testid="face-enrolment-status">
            {enrolled ? (
              <span className="font-medium text-green-700">Wajah terdaftar sejak {when(data.enrolledAt!, timezone)}.</span>
            ) : data.status === 'reset' ? (
              <span className="font-medium text-amber-700">
                Pendaftaran wajah Anda direset{data.resetBy ? ` oleh ${data.resetBy.name}` : ''}
                {data.resetAt ? ` pada ${when(data.resetAt, timezone)}` : ''}. Daftarkan wajah Anda kembali untuk dapat melakukan absensi.
              </span>
            ) : (
              <span className="font-medium text-amber-700">
                Wajah Anda belum terdaftar. Daftarkan wajah Anda untuk dapat melakukan check-in dan check-out.
              </span>
            )}
          </p>
          {enrolled && data.photos.length ? (
            <div className="grid max-w-sm grid-cols-3 gap-2">
              {data.photos.map((p) => (
                // eslint-disable-next-line @next/next/no-img-element
                <img
                  key={p}
                  src={`/api/face/enrolment/${data.userId}/photo/${p}`}
                  alt={`Foto pendaftaran ${p}`}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
              ))}
            </div>
          ) : null}
          {!enrolled ? (
            <button
              type="button"
              onClick={() => setOpen(true)}
              className="inline-flex items-center gap-2 rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
            >
              <ScanFace className="h-4 w-4" aria-hidden /> Daftarkan Wajah
            </button>
          ) : (
            <p className="text-xs text-slate-500">Untuk mendaftar ulang, minta administrator mereset pendaftaran wajah Anda.</p>
          )}
        </div>
      ) : null}
      <div className="mt-4 rounded-lg bg-slate-50 p-4" data-testid="face-privacy">
        <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
          <ShieldCheck className="h-4 w-4 text-slate-600" aria-hidden /> Data wajah yang kami simpan
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
          {privacyNotice(photoRetentionDays).map((line) => (
            <li key={line.slice(0, 24)}>{line}</li>
          ))}
        </ul>
      </div>
      {open && (
        <LazyEnrolFaceDialog
          threshold={faceMatchThreshold}
          onClose={() => setOpen(false)}
          onEnrolled={() => {
            setOpen(false);
            void reload();
          }}
        />
      )}
    </section>
  );
}
