'use client';
// Absensi Hari Ini (/employee/attendance): location and status cards, coordinates, the three buttons,
// the face notice, 'Riwayat Hari Ini' and the map widget.
import { formatDistance } from '@/lib/geo';
import { Camera, Coffee, Info, LogIn, LogOut, MapPin, RefreshCw } from 'lucide-react';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { PageHeader } from '@/components/ui/PageHeader';
import { ATTENDANCE_GEO, useGeolocation } from '@/hooks/useGeolocation';
import { officeFix, useOffice } from '@/features/attendance/components/useOffice';
import { useToday } from '@/features/attendance/components/useToday';
import { useAttendanceFlow } from '@/features/attendance/components/useAttendanceFlow';
import { useFaceWarmUp } from '@/features/face/components/useFaceWarmUp';
import { useLocationRefresh } from '@/features/attendance/components/useLocationRefresh';
import { MapWidget } from '@/features/attendance/components/MapWidget';
import { EnrolPrompt } from '@/features/face/components/EnrolPrompt';
import type { FaceEnrolmentDto } from '@/features/face/types/face';
import { BreakLine, Card, MarkRow, earlyNote, lateNote } from '@/features/attendance/components/parts';
import { toast } from '@/lib/ui/alerts';
import { formatDateLong } from '@/lib/dates';

const btn =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

const officeError = (m: string) => void toast('error', m);

/**
 * `enrolment`: the employee's face enrolment as the server rendered the page; the prompt to enrol then stands
 * above the cards from the first paint instead of pushing them down when a request answers.
 */
export function AttendanceToday({ enrolment }: { enrolment?: FaceEnrolmentDto }) {
  const { user } = useAuth();
  const geo = useGeolocation(ATTENDANCE_GEO, 'attendance');
  const { office, offices, timezone, failed: officeFailed, loading: officeLoading } = useOffice(officeError, geo.position);
  const { today, loading: todayLoading, reload } = useToday(user?.id);
  const refreshLocation = useLocationRefresh(geo.refresh);
  const flow = useAttendanceFlow({
    userId: user?.id,
    office,
    officeLoading,
    officeFailed,
    position: geo.position,
    refreshLocation: geo.refresh,
    onDone: reload,
  });
  // A punch still to make today: the face engine gets ready while the page is idle.
  useFaceWarmUp(!!today && !today.checkOut);
  const fix = officeFix(office, geo.position);
  const checkedIn = !!today?.checkIn;
  const checkedOut = !!today?.checkOut;
  // Istirahat (docs/calendar.md): offered after check-in when the day's schedule requires it, one break a day.
  const pause = today?.break ?? null;
  const breakOffer = !today?.breakPunch || !checkedIn || checkedOut ? null : !pause ? 'break-start' : !pause.end ? 'break-end' : null;

  const locationText = geo.loading
    ? 'Mendeteksi...'
    : fix
      ? fix.inside
        ? 'Dalam Radius Kantor'
        : 'Di Luar Radius'
      : geo.error
        ? 'Lokasi Tidak Tersedia'
        : 'Mendeteksi...';
  const locationTone = geo.loading || !fix ? 'text-slate-700' : fix.inside ? 'text-green-700' : 'text-red-700';

  return (
    <div className="space-y-6">
      {/* The date's line is kept while today's record loads, so nothing below moves when it comes. */}
      <PageHeader title="Absensi Hari Ini" subtitle={today ? formatDateLong(today.date) : '\u00a0'} />
      {/* Without an enrolled face check-in is refused: lead the employee to enrolment first. */}
      <EnrolPrompt initial={enrolment} />

      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Status Lokasi">
          <p className={`flex items-center gap-2 text-lg font-semibold ${locationTone}`} data-testid="location-status">
            <MapPin className="h-5 w-5" aria-hidden /> {locationText}
          </p>
          {fix && office ? (
            <p className="mt-1 text-sm text-slate-600">
              Jarak {formatDistance(fix.distance)} dari kantor (radius {formatDistance(office.radius)})
            </p>
          ) : null}
          {office?.name ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="nearest-office">
              Kantor terdekat: <strong className="text-slate-900">{office.name}</strong> ({office.zone})
            </p>
          ) : null}
          {geo.error ? (
            <p className="mt-2 text-sm text-red-600" role="alert">
              {geo.error}
            </p>
          ) : null}
        </Card>
        <Card title="Status Absensi">
          <p className={`text-lg font-semibold ${checkedIn ? 'text-green-700' : 'text-slate-700'}`} data-testid="attendance-status">
            {checkedIn ? 'Sudah Check-in' : 'Belum Check-in'}
          </p>
          {checkedOut ? <p className="mt-1 font-semibold text-blue-700">Sudah Check-out</p> : null}
        </Card>
      </div>

      <Card title="Lokasi Anda">
        {geo.position ? (
          <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="my-coordinates">
            <div>
              <dt className="text-slate-500">Latitude</dt>
              <dd className="font-mono text-slate-900">{geo.position.latitude.toFixed(6)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Longitude</dt>
              <dd className="font-mono text-slate-900">{geo.position.longitude.toFixed(6)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Akurasi</dt>
              <dd className="text-slate-900">±{formatDistance(geo.position.accuracy)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-slate-500">{geo.loading ? 'Mendeteksi...' : 'Lokasi tidak terdeteksi'}</p>
        )}
      </Card>

      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={`${btn} bg-green-700 text-white hover:bg-green-800`}
          disabled={checkedIn || flow.busy || !flow.ready || !today}
          onClick={() => void flow.start('check-in')}
        >
          <LogIn className="h-4 w-4" aria-hidden /> Check-in dengan Wajah
        </button>
        <button
          type="button"
          className={`${btn} bg-orange-600 text-white hover:bg-orange-700`}
          disabled={!checkedIn || checkedOut || flow.busy || !flow.ready}
          onClick={() => void flow.start('check-out')}
        >
          <LogOut className="h-4 w-4" aria-hidden /> Check-out dengan Wajah
        </button>
        {breakOffer === 'break-start' ? (
          <button
            type="button"
            className={`${btn} bg-amber-600 text-white hover:bg-amber-700`}
            disabled={flow.busy || !flow.ready}
            onClick={() => void flow.start('break-start')}
          >
            <Coffee className="h-4 w-4" aria-hidden /> Mulai Istirahat
          </button>
        ) : null}
        {breakOffer === 'break-end' ? (
          <button
            type="button"
            className={`${btn} bg-amber-700 text-white hover:bg-amber-800`}
            disabled={flow.busy || !flow.ready}
            onClick={() => void flow.start('break-end')}
          >
            <Coffee className="h-4 w-4" aria-hidden /> Selesai Istirahat
          </button>
        ) : null}
        <button
          type="button"
          className={`${btn} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
          disabled={geo.loading}
          onClick={() => void refreshLocation()}
        >
          <RefreshCw className="h-4 w-4" aria-hidden /> Refresh Lokasi
        </button>
      </div>

      <div className="flex items-start gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-800">
        <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
        <p>
          <Camera className="mr-1 inline h-4 w-4" aria-hidden />
          Setiap absensi (check-in dan check-out) memerlukan verifikasi wajah. Pastikan kamera aktif, wajah terlihat jelas dan hanya wajah
          Anda yang ada di depan kamera.
        </p>
      </div>

      <Card title="Riwayat Hari Ini">
        <div className="grid gap-3 md:grid-cols-2">
          <MarkRow
            label="Check-in"
            mark={today?.checkIn ?? null}
            timezone={today?.timezone ?? timezone}
            note={lateNote(today?.checkIn?.lateMinutes)}
          />
          <MarkRow
            label="Check-out"
            mark={today?.checkOut ?? null}
            timezone={today?.timezone ?? timezone}
            note={earlyNote(today?.checkOut?.earlyMinutes)}
          />
        </div>
        {pause ? <BreakLine figures={pause} timezone={today?.timezone ?? timezone} /> : null}
      </Card>

      {/* Last: the actions come first on a phone, and the map's code loads only once it is scrolled to. */}
      <MapWidget
        office={office}
        others={offices}
        position={geo.position}
        onRefresh={() => void refreshLocation()}
        loading={geo.loading}
        officeLoading={officeLoading}
        ready={!todayLoading && (office !== null || officeFailed)}
      />

      {flow.dialog}
    </div>
  );
}
