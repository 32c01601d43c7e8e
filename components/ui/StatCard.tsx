// A figure card of the admin screens (label, big value, a short hint and an icon), the titled panel
// around a section, and the spec's percent display.
export type Tone = 'blue' | 'green' | 'red' | 'yellow' | 'purple' | 'slate';

const TONES: Record<Tone, string> = {
  blue: 'bg-blue-50 text-blue-600',
  green: 'bg-green-50 text-green-600',
  red: 'bg-red-50 text-red-600',
  yellow: 'bg-yellow-50 text-yellow-600',
  purple: 'bg-purple-50 text-purple-600',
  slate: 'bg-slate-100 text-slate-600',
};

export function StatCard({
  label,
  value,
  hint,
  icon,
  tone = 'blue',
  testId,
}: {
  label: string;
  value: React.ReactNode;
  hint?: React.ReactNode;
  icon?: React.ReactNode;
  tone?: Tone;
  testId?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid={testId}>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={testId ? `${testId}-value` : undefined}>
          {value}
        </p>
        {hint ? (
          <p className="mt-1 text-xs text-slate-500" data-testid={testId ? `${testId}-hint` : undefined}>
            {hint}
          </p>
        ) : null}
      </div>
      {icon ? (
        <div className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${TONES[tone]}`} aria-hidden>
          {icon}
        </div>
      ) : null}
    </div>
  );
}

export function Panel({
  title,
  children,
  actions,
  className = '',
}: {
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`} aria-label={title}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Percent with one decimal, the spec's display of rates. */
export const percent = (n: number) => `${n.toFixed(1)}%`;
