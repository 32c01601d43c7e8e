// What the kiosk routes answer (docs/kiosk.md).

export type KioskStatus = 'menunggu' | 'aktif' | 'dicabut';

/** A kiosk in the admin's list. Never its credential or pairing code (the code is shown once, at creation). */
export type KioskDto = {
  id: string;
  name: string;
  office: { id: string; name: string };
  status: KioskStatus;
  pairingExpiresAt: string | null;
  pairedAt: string | null;
  lastSeenAt: string | null;
  revokedAt: string | null;
  notMeCount: number;
  createdAt: string;
};

/** POST /api/kiosks: the new kiosk and its one-time pairing code (10 minutes). */
export type CreatedKioskDto = { kiosk: KioskDto; pairingCode: string; pairingExpiresAt: string };

/** How the kiosk finds the person (Pengaturan, docs/kiosk.md): the face among everyone, or NIK/PIN first then the face. */
export type KioskIdentifyMode = 'face' | 'id_first';

/** What a kiosk knows about itself: its office (name, zone), the company's identify mode and the server's clock. */
export type KioskSelfDto = {
  id: string;
  name: string;
  office: { id: string; name: string; timezone: string };
  identifyMode: KioskIdentifyMode;
  serverTime: string;
};

/** POST /api/kiosk/pair: the credential, given once; the kiosk keeps it (and asks GET /api/kiosk/me for the rest). */
export type PairedKioskDto = Omit<KioskSelfDto, 'identifyMode'> & { credential: string };

/** POST /api/kiosk/identify: the one person the face belongs to, and the challenge of their punch. */
export type IdentifiedDto = {
  userId: string;
  name: string;
  position: string;
  /** The enrolment photo (JPEG data URL), for the person to recognise themselves; null when none is kept. */
  photo: string | null;
  action: 'check-in' | 'check-out' | 'break-start' | 'break-end';
  distance: number;
  challenge: { id: string; steps: string[]; expiresAt: string };
  /** Istirahat (docs/calendar.md): the break punch the person may make instead, with its own challenge; null when none. */
  breakOption?: { action: 'break-start' | 'break-end'; challenge: { id: string; steps: string[]; expiresAt: string } } | null;
  serverTime: string;
};

export type OfflineResultDto = { id: string; status: 'accepted' | 'refused'; message: string | null; attendanceId: string | null };
