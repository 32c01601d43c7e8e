// Status Wajah as the API sends it (docs/face.md).
export type FaceStatusPerson = {
  userId: string;
  name: string;
  employeeNumber: string | null;
  position: string;
  officeId: string;
  officeName: string;
  divisionId: string | null;
  division: string | null;
  enrolled: boolean;
  enrolledAt: string | null;
  /** 'sendiri' (the employee), 'hr' (enrolled by admin or HR for the employee), null when not enrolled. */
  enrolledBy: { id: string; name: string; self: boolean } | null;
};

export type FaceStatusGroup = { id: string | null; name: string; total: number; enrolled: number };

export type FaceStatusDto = {
  total: number;
  enrolled: number;
  notEnrolled: number;
  byOffice: FaceStatusGroup[];
  byDivision: FaceStatusGroup[];
  people: FaceStatusPerson[];
};

export type FaceRemindDto = { reminded: number; skipped: number; message: string };
