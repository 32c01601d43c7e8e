'use client';
// The kiosk's waiting state: the camera runs and every frame or so is scanned for exactly one face; a
// face's descriptor (and its JPEG, for an offline punch) goes to `onFace`. Scanning pauses while
// `enabled` is false (a person is confirming or answering the liveness challenge).
import { useEffect, useRef } from 'react';
import { useCamera } from '@/hooks/useCamera';
import { useFaceDetector } from '@/hooks/useFaceDetector';
import { canvasToJpeg } from '@/features/face/components/jpeg';

const SCAN_EVERY_MS = 400;
const PHOTO_WIDTH = 480;

export type SeenFace = { descriptor: number[]; image: string };

export function useKioskScan(enabled: boolean, onFace: (face: SeenFace) => Promise<void>) {
  const camera = useCamera();
  const detector = useFaceDetector(true);
  const handler = useRef(onFace);
  handler.current = onFace;
  const { start, stop, capture } = camera;

  useEffect(() => {
    if (!enabled) {
      stop();
      return;
    }
    let alive = true;
    void (async () => {
      if (!(await start())) return;
      while (alive) {
        await new Promise((r) => setTimeout(r, SCAN_EVERY_MS));
        const canvas = capture(PHOTO_WIDTH);
        if (!alive || !canvas) continue;
        const scan = await detector.scan(canvas).catch(() => null);
        if (!alive || !scan || scan.faces !== 1 || !scan.descriptor) continue;
        await handler.current({ descriptor: scan.descriptor, image: canvasToJpeg(canvas, 0.7) });
      }
    })();
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one loop per enabled period
  }, [enabled]);

  return { camera, detector };
}
