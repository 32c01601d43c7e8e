// Face enrolment as the admin and the employee see it (docs/face.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

export type FaceEnrolmentDto = {
  userId: string;
  status: 'active' | 'reset' | 'none';
  enrolled: boolean;
  enrolledAt: string | null;
  enrolledBy: { id: string; name: string } | null;
  resetAt: string | null;
  resetBy: { id: string; name: string } | null;
  /** Positions (1..3) of the stored enrolment photos. */
  photos: number[];
};
