'use client';
// The office timezone from GET /settings (Asia/Jakarta until it answers, or if it cannot).
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { DEFAULT_TIMEZONE, dateKeyInZone, isValidTimeZone } from '@/lib/dates';

export function useOfficeTimezone(): string {
  const [timeZone, setTimeZone] = useState(DEFAULT_TIMEZONE);
  useEffect(() => {
    let alive = true;
    api
      .get<{ timezone?: unknown }>('/settings')
      .then((s) => {
        if (alive && typeof s?.timezone === 'string' && isValidTimeZone(s.timezone)) setTimeZone(s.timezone);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return timeZone;
}

/** Today's date key in the office timezone. */
export function officeToday(timeZone: string): string {
  return dateKeyInZone(new Date(), timeZone);
}
