// What a notification says, in Indonesian, with the facts filled in: one entry per kind. Pure, so the
// unit tests read the exact texts (docs/notifications.md lists the kinds, who gets them and when).

export type Message = { kind: string; title: string; body: string; link: string | null };
export type Facts = Record<string, string | number | boolean | null | undefined>;

const reasonLine = (note: unknown) => (note ? ` Catatan: ${String(note)}` : '');

const TEMPLATES: Record<string, (f: Facts) => Omit<Message, 'kind'>> = {
  'leave.submitted': (f) => ({
    title: 'Pengajuan cuti menunggu keputusan Anda',
    body: `${f.employee} mengajukan ${f.type} ${f.range} (${f.length}). Alasan: ${f.reason}`,
    link: String(f.link),
  }),
  'leave.decided': (f) => ({
    title: f.approved ? `Pengajuan ${f.type} Anda disetujui` : `Pengajuan ${f.type} Anda ditolak`,
    body: `${f.type} ${f.range} ${f.approved ? 'disetujui' : 'ditolak'} oleh ${f.actor}.${reasonLine(f.note)}`,
    link: '/employee/leave',
  }),
  'leave.step': (f) => ({
    title: `Pengajuan ${f.type} Anda disetujui atasan`,
    body: `${f.type} ${f.range} disetujui oleh ${f.actor} dan kini menunggu keputusan HR.${reasonLine(f.note)}`,
    link: '/employee/leave',
  }),
  'overtime.submitted': (f) => ({
    title: 'Pengajuan lembur menunggu keputusan Anda',
    body: `${f.employee} mengajukan lembur ${f.date} ${f.time}. Alasan: ${f.reason}`,
    link: String(f.link),
  }),
  'overtime.decided': (f) => ({
    title: f.approved ? 'Pengajuan lembur Anda disetujui' : 'Pengajuan lembur Anda ditolak',
    body: `Lembur ${f.date} ${f.time} ${f.approved ? 'disetujui' : 'ditolak'} oleh ${f.actor}.${reasonLine(f.note)}`,
    link: '/employee/overtime',
  }),
  'overtime.assigned': (f) => ({
    title: 'Penugasan lembur menunggu persetujuan Anda',
    body: `${f.actor} menugaskan lembur ${f.date} ${f.time}. Buka halaman Lembur untuk menerima atau menolak.`,
    link: '/employee/overtime',
  }),
  'leave.filed_for': (f) => ({
    title: `${f.type} diajukan atas nama Anda`,
    body: `${f.actor} mengajukan ${f.type} ${f.range} (${f.length}) atas nama Anda. Alasan: ${f.reason}`,
    link: '/employee/leave',
  }),
  'overtime.filed_for': (f) => ({
    title: 'Lembur dicatat atas nama Anda',
    body: `${f.actor} mencatat lembur ${f.date} ${f.time} atas nama Anda. Alasan: ${f.reason}`,
    link: '/employee/overtime',
  }),
  'correction.filed_for': (f) => ({
    title: 'Absensi Anda dikoreksi',
    body: `${f.actor} mengoreksi absensi Anda untuk ${f.date}. Alasan: ${f.reason}`,
    link: '/employee/corrections',
  }),
  'correction.submitted': (f) => ({
    title: 'Pengajuan koreksi absensi menunggu keputusan',
    body: `${f.employee} mengajukan koreksi untuk ${f.date}. Alasan: ${f.reason}`,
    link: String(f.link),
  }),
  'correction.decided': (f) => ({
    title: f.approved ? 'Koreksi absensi Anda disetujui' : 'Koreksi absensi Anda ditolak',
    body: `Koreksi untuk ${f.date} ${f.approved ? 'disetujui' : 'ditolak'} oleh ${f.actor}.${reasonLine(f.note)}`,
    link: '/employee/corrections',
  }),
  'day.alpa': (f) => ({
    title: `Anda tercatat alpa pada ${f.date}`,
    body: `Tidak ada absensi, cuti, atau izin untuk ${f.date}. Jika ini keliru, ajukan koreksi.`,
    link: '/employee/corrections',
  }),
  'day.lupa_checkout': (f) => ({
    title: `Anda lupa check-out pada ${f.date}`,
    body: `Check-in tercatat pukul ${f.checkIn} tetapi tidak ada check-out pada ${f.date}. Ajukan koreksi untuk jam pulang Anda.`,
    link: '/employee/corrections',
  }),
  'reminder.checkin': (f) => ({
    title: 'Anda belum check-in',
    body: `Shift Anda hari ini dimulai pukul ${f.shiftStart}. Jangan lupa check-in.`,
    link: '/employee/attendance',
  }),
  'reminder.checkout': (f) => ({
    title: 'Anda belum check-out',
    body: `Shift Anda hari ini berakhir pukul ${f.shiftEnd}. Jangan lupa check-out.`,
    link: '/employee/attendance',
  }),
  'digest.approver': (f) => ({
    title: `${f.total} pengajuan menunggu keputusan Anda`,
    body: `Menunggu keputusan: ${f.leave} cuti/izin, ${f.overtime} lembur, ${f.corrections} koreksi.`,
    link: String(f.link),
  }),
  'digest.flagged': (f) => ({
    title: `${f.count} absensi perlu ditinjau`,
    body: `${f.count} absensi ditandai sistem (lokasi, perangkat, atau wajah) dan menunggu tinjauan Anda.`,
    link: String(f.link),
  }),
  'leave.pending_soon': (f) => ({
    title: 'Cuti segera dimulai tetapi belum diputuskan',
    body: `${f.employee}: ${f.type} ${f.range} mulai ${f.start} dan masih menunggu keputusan.`,
    link: String(f.link),
  }),
  'leave.expiring': (f) => ({
    title: 'Sisa cuti tahunan akan hangus',
    body: `${f.days} hari cuti tahunan Anda akan hangus pada ${f.date}. Ajukan cuti sebelum tanggal tersebut.`,
    link: '/employee/leave',
  }),
  'period.blockers': (f) => ({
    title: `Periode ${f.period} belum dapat ditutup`,
    body: `Masih ada yang harus diselesaikan sebelum Tutup Periode ${f.period}: ${f.blockers}.`,
    link: String(f.link),
  }),
  // An activation link (features/notifications/server/notify-invite.ts): the link is the secret one-time
  // link, held by the outbox only until the message is sent (docs/notifications.md).
  'account.invite': (f) => ({
    title: 'Aktifkan akun Absensi Anda',
    body: `Halo ${f.name}, akun Absensi Anda sudah dibuat oleh ${f.actor}. Buka tautan aktivasi untuk membuat password Anda sendiri. Tautan berlaku sampai ${f.until} dan hanya sekali pakai: jangan berikan kepada orang lain.`,
    link: String(f.link),
  }),
  'face.not_enrolled': () => ({
    title: 'Wajah Anda belum terdaftar',
    body: 'Daftarkan wajah Anda di Akun Saya agar dapat melakukan check-in.',
    link: '/employee/account',
  }),
};

export const NOTIFICATION_KINDS = Object.keys(TEMPLATES);

export function message(kind: string, facts: Facts = {}): Message {
  const t = TEMPLATES[kind];
  if (!t) throw new Error(`Unknown notification kind: ${kind}`);
  return { kind, ...t(facts) };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail: plain text and HTML of the same words; `url` is the absolute link (null: none). */
export function mailOf(m: { title: string; body: string }, url: string | null): { subject: string; text: string; html: string } {
  const text = `${m.body}\n${url ? `\nBuka: ${url}\n` : ''}\n— Absensi`;
  const button = url
    ? `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;border-radius:6px;text-decoration:none">Buka di Absensi</a></p>`
    : '';
  const html = `<!doctype html><html lang="id"><body style="font-family:system-ui,sans-serif;color:#0f172a"><h2 style="font-size:18px">${escapeHtml(
    m.title,
  )}</h2><p>${escapeHtml(m.body)}</p>${button}<p style="color:#64748b;font-size:12px">Pesan otomatis dari Absensi.</p></body></html>`;
  return { subject: `[Absensi] ${m.title}`, text, html };
}

/** The WhatsApp text: the title in bold (WhatsApp's *…*), the body, the link. */
export function whatsappTextOf(m: { title: string; body: string }, url: string | null): string {
  return `*${m.title}*\n${m.body}${url ? `\n${url}` : ''}`;
}

/** Fills a gateway body template: {phone} and {message}, escaped for JSON or for a form body. */
export function gatewayBody(template: string, phone: string, text: string): { body: string; contentType: string } {
  const json = template.trim().startsWith('{');
  const enc = (v: string) => (json ? JSON.stringify(v).slice(1, -1) : encodeURIComponent(v));
  const body = template.replaceAll('{phone}', enc(phone)).replaceAll('{message}', enc(text));
  return { body, contentType: json ? 'application/json' : 'application/x-www-form-urlencoded' };
}
