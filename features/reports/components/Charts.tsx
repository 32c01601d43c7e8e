'use client';
// The report's charts (recharts): daily trend bars (present green, absent red, 16rem high) and the
// present/absent pie with a percentage label (outer radius 80). Loaded in the browser only.
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyStat } from '@/features/reports/types/reports';
import { dateTimeFormat } from '@/lib/intl';

export const PRESENT_COLOR = '#10b981';
export const ABSENT_COLOR = '#ef4444';

const dayLabel = (key: string) =>
  dateTimeFormat('id-ID', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(new Date(`${key}T00:00:00Z`));

export function TrendChart({ data }: { data: DailyStat[] }) {
  if (data.length === 0)
    return <p className="flex h-64 items-center justify-center text-sm text-slate-500">Belum ada data untuk periode ini</p>;
  const rows = data.map((d) => ({ ...d, label: dayLabel(d.date) }));
  return (
    <div className="h-64 w-full" data-testid="trend-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="present" name="Hadir" fill={PRESENT_COLOR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Bar dataKey="absent" name="Tidak Hadir" fill={ABSENT_COLOR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function DistributionChart({ present, absent }: { present: number; absent: number }) {
  if (present + absent === 0)
    return <p className="flex h-64 items-center justify-center text-sm text-slate-500">Belum ada data untuk periode ini</p>;
  const data = [
    { name: 'Hadir', value: present, color: PRESENT_COLOR },
    { name: 'Tidak Hadir', value: absent, color: ABSENT_COLOR },
  ];
  return (
    <div className="h-64 w-full" data-testid="distribution-chart">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart margin={{ top: 8, right: 24, bottom: 8, left: 24 }}>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            cx="50%"
            cy="50%"
            outerRadius={80}
            isAnimationActive={false}
            label={({ name, percent }: { name?: string; percent?: number }) => `${name ?? ''} ${((percent ?? 0) * 100).toFixed(0)}%`}
          >
            {data.map((d) => (
              <Cell key={d.name} fill={d.color} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
