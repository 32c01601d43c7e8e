'use client';
// The enrolment status of one user (GET /face/enrolment/{id}) or of the caller (GET /face/me).
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import type { FaceEnrolmentDto } from '@/features/face/types/face';

export type { FaceEnrolmentDto };

export function useFaceEnrolment(userId?: string, enabled = true, initial?: FaceEnrolmentDto) {
  const [data, setData] = useState<FaceEnrolmentDto | null>(initial ?? null);
  const [loading, setLoading] = useState(enabled && !initial);
  const [error, setError] = useState(false);
  // A status the server rendered the page with is not asked for again on mount; `reload` still asks.
  const fromServer = useRef(!!initial);

  const reload = useCallback(async () => {
    setLoading(true);
    setError(false);
    try {
      setData(await api.get<FaceEnrolmentDto>(userId ? `/face/enrolment/${userId}` : '/face/me'));
    } catch (err) {
      console.error('[face]', err);
      setError(true);
    } finally {
      setLoading(false);
    }
  }, [userId]);

  useEffect(() => {
    if (fromServer.current) {
      fromServer.current = false;
      return;
    }
    if (enabled) void reload();
  }, [enabled, reload]);

  return { data, loading, error, reload, setData };
}

/** The face settings every signed-in user may read (GET /settings). */
export function useFaceSettings() {
  const [settings, setSettings] = useState({ faceMatchThreshold: 0.5, photoRetentionDays: 90 });
  useEffect(() => {
    let alive = true;
    api
      .get<{ faceMatchThreshold?: number; photoRetentionDays?: number }>('/settings')
      .then((s) => {
        if (!alive) return;
        setSettings((prev) => ({
          faceMatchThreshold: typeof s.faceMatchThreshold === 'number' ? s.faceMatchThreshold : prev.faceMatchThreshold,
          photoRetentionDays: typeof s.photoRetentionDays === 'number' ? s.photoRetentionDays : prev.photoRetentionDays,
        }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return settings;
}
