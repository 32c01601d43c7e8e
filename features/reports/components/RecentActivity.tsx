// Aktivitas Terbaru: the latest attendance records of any day, newest first. Green with the check-in
// time (in the zone of the record's office) when checked in, otherwise red 'Tidak Hadir' (absent days, once stored as records).
import { formatDateShort, formatTimeWithZone } from '@/lib/dates';
import type { ActivityItem } from '@/features/reports/types/dashboard';
import { Panel } from '@/components/ui/StatCard';

export function RecentActivity({ items, timezone }: { items: ActivityItem[]; timezone: string }) {
  return (
    <Panel title="Aktivitas Terbaru">
      {items.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">Belum ada aktivitas hari ini</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="recent-activity">
          {items.map((a) => (
            <li key={a.id} className="flex items-center gap-3 py-2.5" data-status={a.checkIn ? 'hadir' : 'tidak-hadir'}>
              <span className={`h-2.5 w-2.5 shrink-0 rounded-full ${a.checkIn ? 'bg-green-500' : 'bg-red-500'}`} aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{a.name}</p>
                <p className="truncate text-xs text-slate-500">{a.position}</p>
              </div>
              <div className="text-right text-xs">
                {a.checkIn ? (
                  <p className="font-medium text-green-700">Check-in {formatTimeWithZone(a.checkIn, a.timezone ?? timezone)}</p>
                ) : (
                  <p className="font-medium text-red-600">Tidak Hadir</p>
                )}
                <p className="text-slate-500" data-testid="activity-date">
                  {formatDateShort(a.date)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
