// Top Performers: the best 5 of the month by performance rate, with the days present.
import type { TopPerformer } from '@/features/reports/types/dashboard';
import { Panel, percent } from '@/components/ui/StatCard';

const MEDALS = ['bg-yellow-400', 'bg-slate-400', 'bg-amber-600'];

export function TopPerformers({ items }: { items: TopPerformer[] }) {
  return (
    <Panel title="Top Performers">
      {items.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500">Belum ada data performa</p>
      ) : (
        <ol className="space-y-3" data-testid="top-performers">
          {items.map((p, i) => (
            <li key={p.id} className="flex items-center gap-3">
              <span
                className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white ${MEDALS[i] ?? 'bg-blue-500'}`}
              >
                {i + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{p.name}</p>
                <p className="truncate text-xs text-slate-500">{p.position}</p>
              </div>
              <div className="text-right">
                <p className="text-sm font-semibold text-green-700">{percent(p.performanceRate)}</p>
                <p className="text-xs text-slate-500">{p.presentDays} hari</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
