'use client';
// What both face-capture dialogs share: the camera, the face detector (its models start loading when
// the dialog mounts) and a session counter. A scan that finishes after the session was reset, or
// after the dialog is gone, belongs to an old session and is ignored. The dialogs are mounted only
// while open (features/face/components/lazy.tsx), so unmounting ends the session and releases the camera.
import { useCallback, useEffect, useRef } from 'react';
import { useCamera } from '@/hooks/useCamera';
import { useFaceDetector } from '@/hooks/useFaceDetector';

export function useCaptureSession() {
  const camera = useCamera();
  const detector = useFaceDetector(true);
  const session = useRef(0);
  const { stop } = camera;

  /** Ends the current session (pending scans are ignored) and releases the camera. */
  const endSession = useCallback(() => {
    session.current++;
    stop();
  }, [stop]);

  useEffect(
    () => () => {
      session.current++;
    },
    [],
  );

  /** Marks the start of a scan; `isCurrent(mark)` tells afterwards whether its session still runs. */
  const mark = useCallback(() => session.current, []);
  const isCurrent = useCallback((m: number) => m === session.current, []);

  return { camera, detector, endSession, mark, isCurrent };
}
