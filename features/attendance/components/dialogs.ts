// Photo and face-review dialogs of the admin history. Contents are built as DOM nodes (never HTML
// strings), so names and reasons cannot inject markup; a photo that cannot load says so.
import { api, errorMessage } from '@/lib/api-client';
import { loadSwal, toast } from '@/lib/ui/alerts';
import type { AttendanceRecordDto } from '@/features/attendance/types/attendance';
import { FLAG_LABELS } from '@/features/attendance/lib/anti-fraud';
import { DECISION_MSG } from '@/features/approvals/validation/decision';

const PHASE_LABEL = {
  check_in: 'Check-in',
  check_out: 'Check-out',
  break_start: 'Mulai Istirahat',
  break_end: 'Selesai Istirahat',
} as const;

/** What a flag's detail says, in words (numbers only; the detail comes from the server's rules). */
function detailText(reason: string, detail: unknown): string {
  const d = (detail ?? {}) as Record<string, unknown>;
  const n = (k: string) => (typeof d[k] === 'number' ? (d[k] as number) : null);
  if (reason === 'location' && n('distance') !== null)
    return d.accuracy === null
      ? `jarak ${n('distance')} m, akurasi tidak dikirim`
      : `jarak ${n('distance')} m ± ${n('accuracy')} m, radius ${n('radius')} m`;
  if (reason === 'clock' && n('minutes') !== null) return `selisih ${n('minutes')} menit (batas ${n('max')})`;
  if (reason === 'speed' && n('kmh') !== null) return `${n('km')} km dalam ${n('minutes')} menit (≈${n('kmh')} km/jam)`;
  if (reason === 'repeated_coords' && typeof d.date === 'string') return `sama dengan tanggal ${d.date}`;
  if (reason === 'device')
    return d.otherAccount
      ? 'perangkat milik akun lain'
      : d.kind === 'missing'
        ? 'tanpa perangkat terdaftar'
        : d.kind === 'signature'
          ? 'tanda tangan perangkat tidak sah'
          : 'perangkat belum terdaftar';
  if (reason === 'ip' && typeof d.ip === 'string') return `alamat ${d.ip}`;
  if (reason === 'offline' && typeof d.kiosk === 'string')
    return `kiosk ${d.kiosk}, selisih jam kiosk ${Math.round((n('offsetMs') ?? 0) / 1000)} detik`;
  if (typeof d.text === 'string') return d.text;
  return '';
}

type Kind = 'check-in' | 'check-out';
const KIND_LABEL: Record<Kind, string> = { 'check-in': 'Check-in', 'check-out': 'Check-out' };

function figure(src: string, caption: string): HTMLElement {
  const fig = document.createElement('figure');
  fig.className = 'flex flex-1 flex-col items-center gap-2';
  const img = document.createElement('img');
  img.src = src;
  img.alt = caption;
  img.className = 'max-h-64 w-full rounded-lg bg-slate-100 object-contain';
  const cap = document.createElement('figcaption');
  cap.className = 'text-xs text-slate-600';
  cap.textContent = caption;
  img.addEventListener('error', () => {
    const missing = document.createElement('div');
    missing.className = 'flex h-40 w-full items-center justify-center rounded-lg bg-slate-100 text-sm text-slate-600';
    missing.textContent = 'Foto tidak tersedia';
    img.replaceWith(missing);
  });
  fig.append(img, cap);
  return fig;
}

export const photoUrl = (id: string, kind: Kind) => `/api/attendance/${id}/photo/${kind}`;

export function showAttendancePhoto(r: AttendanceRecordDto, kind: Kind) {
  const body = document.createElement('div');
  body.append(figure(photoUrl(r.id, kind), `${r.userName} · ${r.date}`));
  void loadSwal().then((Swal) =>
    Swal.fire({ titleText: `Foto ${KIND_LABEL[kind]}`, html: body, confirmButtonText: 'Tutup', confirmButtonColor: '#2563eb' }),
  );
}

/** Flagged record: every reason, check-in photo beside enrolment photo 1, then 'Konfirmasi' (an optional note) or 'Tolak' (its reason required). */
export async function reviewFaceRecord(r: AttendanceRecordDto): Promise<boolean> {
  const body = document.createElement('div');
  const row = document.createElement('div');
  row.className = 'flex flex-col gap-3 sm:flex-row';
  row.append(
    figure(photoUrl(r.id, 'check-in'), 'Foto check-in'),
    figure(`/api/face/enrolment/${r.userId}/photo/1`, 'Foto pendaftaran wajah'),
  );
  const who = document.createElement('p');
  who.className = 'mt-3 text-sm text-slate-700';
  who.textContent = `${r.userName} · ${r.date}`;
  body.append(row, who);
  if (r.flags.length) {
    const list = document.createElement('ul');
    list.className = 'mt-2 list-disc pl-5 text-left text-sm text-red-700';
    list.setAttribute('aria-label', 'Alasan tinjauan');
    for (const f of r.flags) {
      const li = document.createElement('li');
      const more = detailText(f.reason, f.detail);
      li.textContent = `${PHASE_LABEL[f.phase]}: ${FLAG_LABELS[f.reason]}${more ? ` (${more})` : ''}`;
      list.append(li);
    }
    body.append(list);
  } else if (r.faceCheckReason) {
    const reason = document.createElement('p');
    reason.className = 'mt-1 text-sm text-red-700';
    reason.textContent = `Alasan: ${r.faceCheckReason}`;
    body.append(reason);
  }
  const Swal = await loadSwal();
  const result = await Swal.fire({
    titleText: 'Tinjau Absensi',
    html: body,
    width: 720,
    input: 'textarea',
    inputPlaceholder: 'Catatan (wajib untuk Tolak)',
    inputAttributes: { 'aria-label': 'Catatan tinjauan', maxlength: '500' },
    showDenyButton: true,
    showCancelButton: true,
    confirmButtonText: 'Konfirmasi',
    denyButtonText: 'Tolak',
    cancelButtonText: 'Batal',
    confirmButtonColor: '#16a34a',
    denyButtonColor: '#dc2626',
    returnInputValueOnDeny: true,
    // A rejection needs its reason (the server refuses one without it, features/approvals/validation/decision.ts).
    preDeny: (value: unknown) => {
      if (typeof value === 'string' && value.trim()) return value;
      Swal.showValidationMessage(DECISION_MSG.rejectReason);
      return false;
    },
  });
  if (!result.isConfirmed && !result.isDenied) return false;
  const decision = result.isConfirmed ? 'confirmed' : 'rejected';
  const note = typeof result.value === 'string' ? result.value.trim() : '';
  try {
    await api.post(`/attendance/${r.id}/review`, { decision, ...(note ? { note } : {}) });
    void toast('success', decision === 'confirmed' ? 'Absensi dikonfirmasi' : 'Absensi ditolak', 2000);
    return true;
  } catch (err) {
    void toast('error', errorMessage(err, 'Gagal menyimpan tinjauan'));
    return false;
  }
}
