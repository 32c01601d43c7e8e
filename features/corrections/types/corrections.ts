// Correction requests (Koreksi Absensi, docs/daily-close.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type CorrectionDto = {
  id: string;
  userId: string;
  userName: string;
  date: string;
  kind: 'tambah_jam' | 'dinas_luar' | 'sanggah_alpa';
  checkInAt: string | null;
  checkOutAt: string | null;
  timezone: string;
  note: string | null;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  direct: boolean;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  hasAttachment: boolean;
  /** The day before the correction applied (the record's times and the close's status). */
  original: unknown;
};
