'use client';
// The daily close's two settings on the Tutup Harian page: the close time (HH:MM of the next local day in
// each office's zone) and the catch-up window. Checked with the route's own schema before it is sent.
import { useEffect, useState } from 'react';
import { Field, inputClass } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { alertDialog, toast } from '@/lib/ui/alerts';
import { CATCH_UP_RANGE, closeSettingsSchema } from '@/features/daily-close/validation/daily-close';
import type { CloseSettingsDto } from '@/features/daily-close/types/daily-close';
import { useHydrated } from '@/hooks/useHydrated';

type Errors = Partial<Record<'dailyCloseTime' | 'catchUpDays', string>>;

export function CloseSettingsForm({ settings, onSaved }: { settings: CloseSettingsDto; onSaved: () => void }) {
  const hydrated = useHydrated();
  const [time, setTime] = useState(settings.dailyCloseTime);
  const [days, setDays] = useState(String(settings.catchUpDays));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setTime(settings.dailyCloseTime);
    setDays(String(settings.catchUpDays));
  }, [settings.dailyCloseTime, settings.catchUpDays]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = closeSettingsSchema.safeParse({ dailyCloseTime: time, catchUpDays: days });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setErrors({ [issue.path[0] as keyof Errors]: issue.message });
    }
    setErrors({});
    setSaving(true);
    try {
      const res = await api.put<{ message: string }>('/daily-close/settings', parsed.data);
      void toast('success', res.message);
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
      void alertDialog('error', 'Gagal Menyimpan', errorMessage(err, 'Gagal menyimpan pengaturan tutup harian'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      method="post"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Pengaturan tutup harian"
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 sm:items-start"
    >
      <Field id="close-time" label="Jam Tutup Harian" hint="Jam di hari berikutnya, zona waktu tiap kantor">
        <input
          id="close-time"
          type="time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          aria-invalid={!!errors.dailyCloseTime}
          aria-describedby={errors.dailyCloseTime ? 'close-time-error' : undefined}
          className={inputClass}
        />
        {errors.dailyCloseTime ? (
          <p id="close-time-error" role="alert" className="mt-1 text-sm text-red-700">
            {errors.dailyCloseTime}
          </p>
        ) : null}
      </Field>
      <Field
        id="close-catch-up"
        label="Jendela Tutup Susulan (hari)"
        hint={`Hari lalu yang belum ditutup dan masih disusulkan otomatis (${CATCH_UP_RANGE[0]}–${CATCH_UP_RANGE[1]})`}
      >
        <input
          id="close-catch-up"
          type="number"
          inputMode="numeric"
          min={CATCH_UP_RANGE[0]}
          max={CATCH_UP_RANGE[1]}
          step={1}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          aria-invalid={!!errors.catchUpDays}
          aria-describedby={errors.catchUpDays ? 'close-catch-up-error' : undefined}
          className={inputClass}
        />
        {errors.catchUpDays ? (
          <p id="close-catch-up-error" role="alert" className="mt-1 text-sm text-red-700">
            {errors.catchUpDays}
          </p>
        ) : null}
      </Field>
      <div className="sm:pt-6">
        <Button type="submit" disabled={saving || !hydrated}>
          {saving ? 'Menyimpan...' : 'Simpan Pengaturan'}
        </Button>
      </div>
    </form>
  );
}
