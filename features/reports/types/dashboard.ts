// The admin dashboard (GET /dashboard/admin).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.

/**
 * The day's status of an activity item: 'hadir' when checked in. Absent days have no record yet; once
 * the daily close stores them ('alpa'), they come through here as items without a check-in, which the
 * dashboard shows as a red 'Tidak Hadir'.
 */
export type ActivityStatus = 'hadir' | 'alpa';
export type ActivityItem = {
  id: string;
  userId: string;
  name: string;
  position: string;
  date: string;
  status: ActivityStatus;
  checkIn: string | null;
  checkOut: string | null;
  /** The zone of the record's office: its times show in it. */
  timezone: string;
};
export type TopPerformer = { id: string; name: string; position: string; presentDays: number; performanceRate: number };
export type AdminDashboardDto = {
  today: string;
  timezone: string;
  isWorkingDay: boolean;
  updatedAt: string;
  stats: {
    totalEmployees: number;
    todayPresent: number;
    todayAbsent: number;
    todayOnLeave: number;
    attendanceRate: number;
    pendingLeaves: number;
    flaggedFaces: number;
    /** Records in Perlu Tinjauan: flagged for any reason and not decided yet. */
    needsReview: number;
  };
  recentActivity: ActivityItem[];
  topPerformers: TopPerformer[];
};
