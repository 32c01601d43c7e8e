'use client';
// The front camera at 640×480: started on demand, released on stop and on unmount.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PHOTO_HEIGHT, MAX_PHOTO_WIDTH } from '@/features/attendance/lib/limits';

export const CAMERA_ERROR = 'Tidak dapat mengakses kamera. Pastikan izin kamera sudah diberikan.';
export const CAPTURE_WIDTH = MAX_PHOTO_WIDTH;
export const CAPTURE_HEIGHT = MAX_PHOTO_HEIGHT;

export function useCamera() {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setActive(false);
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    setError(null);
    if (streamRef.current) return true;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia unavailable');
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: CAPTURE_WIDTH }, height: { ideal: CAPTURE_HEIGHT }, facingMode: 'user' },
        audio: false,
      });
      streamRef.current = stream;
      setActive(true);
      return true;
    } catch (err) {
      console.error('[camera]', err);
      setError(CAMERA_ERROR);
      return false;
    }
  }, []);

  // Attach the stream once the <video> exists (it renders only while the camera is active).
  useEffect(() => {
    const video = videoRef.current;
    if (active && video && streamRef.current && video.srcObject !== streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play().catch(() => undefined);
    }
  });

  useEffect(() => stop, [stop]);

  /** The current frame as a 4:3 canvas `width` wide (640×480 unless asked; scaled to cover), or null when no frame is ready. */
  const capture = useCallback((width = CAPTURE_WIDTH): HTMLCanvasElement | null => {
    const video = videoRef.current;
    if (!video || video.readyState < 2 || !video.videoWidth) return null;
    const height = Math.round((width * CAPTURE_HEIGHT) / CAPTURE_WIDTH);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const scale = Math.max(width / video.videoWidth, height / video.videoHeight);
    const w = video.videoWidth * scale;
    const h = video.videoHeight * scale;
    ctx.drawImage(video, (width - w) / 2, (height - h) / 2, w, h);
    return canvas;
  }, []);

  return { videoRef, active, error, start, stop, capture };
}
