'use client';
// The Perlu Tinjauan tab of Persetujuan (docs/anti-fraud.md): flagged attendance records in the shared queue
// (ApprovalQueue) over GET /attendance/all?review&startDate&endDate&officeId (one page, X-Total-Count).
// Tinjau opens the review dialog (photos beside the enrolment, every reason; Konfirmasi with an optional
// note, Tolak with its required reason); several records are confirmed at once after one confirmation.
import { api } from '@/lib/api-client';
import { monthBounds, formatDateLong, formatTimeWithZone } from '@/lib/dates';
import { useAuth } from '@/features/auth/components/AuthProvider';
import { reviewFaceRecord } from '@/features/attendance/components/dialogs';
import { FLAG_LABELS } from '@/features/attendance/lib/anti-fraud';
import type { AttendanceRecordDto } from '@/features/attendance/types/attendance';
import { ApprovalQueue, pageUrl } from '@/features/approvals/components/ApprovalQueue';

const STATUSES = [
  { value: 'perlu', label: 'Menunggu' },
  { value: 'dikonfirmasi', label: 'Dikonfirmasi' },
  { value: 'ditolak', label: 'Ditolak' },
  { value: '', label: 'Semua' },
];
const PHASE = { check_in: 'Check-in', check_out: 'Check-out', break_start: 'Mulai Istirahat', break_end: 'Selesai Istirahat' } as const;

function state(r: AttendanceRecordDto): { text: string; cls: string } {
  if (r.reviewDecision === 'confirmed') return { text: 'Dikonfirmasi', cls: 'bg-green-100 text-green-800' };
  if (r.reviewDecision === 'rejected') return { text: 'Ditolak', cls: 'bg-red-100 text-red-800' };
  return { text: 'Menunggu', cls: 'bg-amber-100 text-amber-800' };
}

export function ReviewInbox() {
  const { user: me } = useAuth();
  const canDecide = (r: AttendanceRecordDto) => r.needsReview && r.userId !== me?.id;
  return (
    <ApprovalQueue<AttendanceRecordDto>
      label="Absensi perlu ditinjau"
      noun="absensi"
      idPrefix="inbox-review"
      statuses={STATUSES}
      defaultStatus="perlu"
      approveVerb="Konfirmasi"
      url={(f) => {
        const m = f.month ? monthBounds(f.month) : null;
        return pageUrl('/attendance/all', f, {
          review: f.status || 'ditandai',
          startDate: m?.first ?? '',
          endDate: m?.last ?? '',
          officeId: f.officeId,
        });
      }}
      canDecide={canDecide}
      nameOf={(r) => `${r.userName} ${r.date}`}
      approveOne={(r, note) => api.post(`/attendance/${r.id}/review`, { decision: 'confirmed', ...(note ? { note } : {}) })}
      testId="inbox-review"
      emptyText="Tidak ada absensi yang perlu ditinjau"
      loadingText="Memuat absensi..."
      renderItem={(r, row) => {
        const tz = r.office?.timezone;
        const s = state(r);
        return (
          <div className="flex flex-col gap-2 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {r.userName}
                <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.cls}`}>{s.text}</span>
              </p>
              <p className="text-slate-700">
                {formatDateLong(r.date)}
                {r.office ? ` · ${r.office.name}` : ''} · Masuk {r.checkIn ? formatTimeWithZone(r.checkIn.timestamp, tz) : '-'} · Pulang{' '}
                {r.checkOut ? formatTimeWithZone(r.checkOut.timestamp, tz) : '-'}
              </p>
              <ul className="mt-1 list-disc pl-5 text-xs text-red-700" aria-label="Alasan tinjauan">
                {r.flags.map((f, i) => (
                  <li key={i}>
                    {PHASE[f.phase]}: {FLAG_LABELS[f.reason]}
                  </li>
                ))}
                {!r.flags.length && r.faceCheckReason ? <li>Wajah: {r.faceCheckReason}</li> : null}
              </ul>
            </div>
            {canDecide(r) ? (
              <button
                type="button"
                onClick={() => void reviewFaceRecord(r).then((done) => done && row.reload())}
                className="shrink-0 rounded-lg bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800"
              >
                Tinjau
              </button>
            ) : null}
          </div>
        );
      }}
    />
  );
}
