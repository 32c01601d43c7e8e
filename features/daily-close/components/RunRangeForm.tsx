'use client';
// Run the daily close of a range of days of the month shown (Dari / Sampai Tanggal), one day after
// another with the progress under it. The whole range lies in one month, so one period lock decides.
import { useEffect, useState } from 'react';
import { Field, inputClass } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { addDays, monthBounds } from '@/lib/dates';
import { confirmDialog } from '@/lib/ui/alerts';
import { NOT_STARTED, closeRunSchema } from '@/features/daily-close/validation/daily-close';
import { useHydrated } from '@/hooks/useHydrated';

type Props = {
  month: string;
  /** Today in the offices' zones (the earliest of them): later days have not begun. */
  today: string;
  disabled: boolean;
  onRun: (dates: string[]) => void;
};

export function RunRangeForm({ month, today, disabled, onRun }: Props) {
  const { first, last } = monthBounds(month);
  const lastRunnable = last < today ? last : today;
  const hydrated = useHydrated();
  const [start, setStart] = useState(first);
  const [end, setEnd] = useState(lastRunnable);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setStart(first);
    setEnd(lastRunnable);
    setError(null);
  }, [first, lastRunnable]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = closeRunSchema.safeParse({ startDate: start, endDate: end });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    if (parsed.data.startDate < first || parsed.data.endDate > last)
      return setError('Rentang tanggal harus di dalam bulan yang ditampilkan');
    if (parsed.data.endDate > today) return setError(NOT_STARTED);
    setError(null);
    const dates: string[] = [];
    for (let d = parsed.data.startDate; d <= parsed.data.endDate; d = addDays(d, 1)) dates.push(d);
    const ok = await confirmDialog({
      title: 'Jalankan Tutup Harian?',
      text: `${dates.length} hari akan diklasifikasi (ulang) dari data terbaru, satu per satu.`,
      confirmText: 'Ya, Jalankan',
      icon: 'question',
    });
    if (ok) onRun(dates);
  };

  return (
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Jalankan tutup harian untuk rentang tanggal"
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 sm:items-start"
    >
      <Field id="run-start" label="Dari Tanggal">
        <input
          id="run-start"
          type="date"
          min={first}
          max={last}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          className={inputClass}
        />
      </Field>
      <Field id="run-end" label="Sampai Tanggal">
        <input
          id="run-end"
          type="date"
          min={first}
          max={last}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          className={inputClass}
        />
      </Field>
      <div className="sm:pt-6">
        <Button type="submit" disabled={!hydrated || disabled || first > today}>
          Jalankan Rentang
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}
