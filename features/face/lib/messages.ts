// Face texts shown to people; the server's error messages and the pages use the same words.
export const FACE_MISMATCH = 'Verifikasi wajah gagal. Silakan coba lagi.';
export const FACE_SUCCESS = 'Verifikasi wajah berhasil!';
export const FACE_NOT_ENROLLED = 'Wajah Anda belum terdaftar. Silakan daftarkan wajah terlebih dahulu di menu Akun Saya.';
export const FACE_DESCRIPTOR_MISSING = 'Data wajah tidak terbaca. Silakan ulangi verifikasi wajah.';
export const ENROL_DISAGREE =
  'Ketiga foto wajah tidak cocok satu sama lain. Pastikan hanya wajah Anda yang terlihat, lalu ulangi pendaftaran.';
export const ENROL_ALREADY = 'Wajah Anda sudah terdaftar. Minta admin mereset pendaftaran wajah untuk mendaftar ulang.';
export const enrolNoFace = (n: number) => `Wajah tidak terdeteksi pada foto ke-${n}. Silakan ulangi pendaftaran.`;
export const enrolManyFaces = (n: number) => `Terdeteksi lebih dari satu wajah pada foto ke-${n}. Pastikan hanya wajah Anda yang terlihat.`;
export const enrolPhotoMismatch = (n: number) => `Foto ke-${n} tidak sesuai dengan data wajah yang dikirim. Silakan ulangi pendaftaran.`;

/** Why the server re-check flagged a photo (stored in Attendance.faceCheckReason). */
export const FLAG_REASONS = {
  no_face: 'tidak ada wajah pada foto',
  multiple_faces: 'lebih dari satu wajah pada foto',
  mismatch_reference: 'wajah tidak cocok dengan wajah terdaftar',
  mismatch_submitted: 'foto tidak sesuai dengan data wajah yang dikirim browser',
  not_enrolled: 'karyawan tidak memiliki pendaftaran wajah aktif',
} as const;
export type FlagReason = keyof typeof FLAG_REASONS;

/** Privacy notice on Akun Saya: what is stored, why, and for how long. */
export const privacyNotice = (retentionDays: number) => [
  'Saat mendaftarkan wajah, kami menyimpan tiga foto wajah Anda dan data numerik wajah (deskriptor) yang dihitung dari foto tersebut. Data ini hanya dipakai untuk memastikan bahwa orang yang melakukan absensi adalah Anda.',
  `Setiap check-in dan check-out menyimpan satu foto beserta skor kecocokannya. Foto absensi dihapus otomatis setelah ${retentionDays} hari; skor dan catatan absensi tetap tersimpan.`,
  'Foto dan data wajah hanya dapat dilihat oleh Anda sendiri, admin, dan HR, serta tidak pernah dibagikan kepada pihak lain. Admin dapat mereset pendaftaran wajah Anda bila diperlukan.',
];
