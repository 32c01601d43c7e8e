import { CheckCircle2, Clock, FileText, XCircle } from 'lucide-react';
import type { LeaveStats } from '@/features/leave/types/leave';

const CARDS = [
  { key: 'total', label: 'Total Pengajuan', icon: FileText, tone: 'bg-blue-100 text-blue-700' },
  { key: 'approved', label: 'Disetujui', icon: CheckCircle2, tone: 'bg-green-100 text-green-700' },
  { key: 'pending', label: 'Menunggu', icon: Clock, tone: 'bg-yellow-100 text-yellow-700' },
  { key: 'rejected', label: 'Ditolak', icon: XCircle, tone: 'bg-red-100 text-red-700' },
] as const;

export function LeaveStatsCards({ stats }: { stats: LeaveStats }) {
  return (
    <div className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, label, icon: Icon, tone }) => (
        <div
          key={key}
          data-testid={`leave-stat-${key}`}
          className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-lg ${tone}`} aria-hidden>
            <Icon className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-slate-500">{label}</p>
            <p className="text-2xl font-bold text-slate-900" data-testid="leave-stat-value">
              {stats[key]}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}
