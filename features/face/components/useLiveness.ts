'use client';
// The movement challenge in the face dialog (docs/face.md, "Liveness"): frames from the camera, face-api's
// 68 landmarks on each, the shared judge (features/face/lib/liveness.ts) tells how far the employee is. A
// descriptor is computed on the first frame and on the first frame facing the camera after each
// answered step, so the server can tell the face stayed the employee's. The frame that completes the
// answer (facing the camera again) is the check-in photo.
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadFaceEngine, startedEngine } from '@/features/face/components/face-engine';
import { PHOTO_INPUT_SIZE } from '@/features/face/components/engine-core';
import { canvasToJpeg } from '@/features/face/components/jpeg';
import {
  encodePoints,
  facesCamera,
  MAX_FRAMES,
  MAX_GAP_MS,
  thinFrames,
  track,
  type LivenessFrame,
  type LivenessStep,
} from '@/features/face/lib/liveness';

/**
 * The other frames are detected at this input size: the detector is nearly all of a frame's work, and
 * 224 is about a fifth of 416's, so a slow phone sees several times more frames (a blink is caught) and
 * its page stays responsive. A frame's descriptor does not depend on it (face-api describes the face
 * aligned by its landmarks, cut from the full picture). Where it finds no face, 416 is tried before the
 * frame counts as faceless. Measured with `LIVENESS_INPUT=224 npx tsx bench/liveness.ts` (docs/face.md).
 */
const FRAME_INPUT_SIZE = 224;
/** A capture longer than this starts over (the challenge lives 60 s; the frames would be many). */
const RESTART_MS = 25_000;
/** No face for this long: the capture would have a gap the server refuses, so it starts over. */
const LOST_MS = MAX_GAP_MS - 300;
const PAUSE_MS = 60;
/**
 * Between two frames the page gets at least as long as the last frame's detection took (up to this
 * much): on a slow phone a detection holds the page's only thread for half a second, and back to back
 * they would leave a tap on "Ambil Foto" or "Tutup" waiting that long each time. On a fast phone
 * (detection under 60 ms) nothing changes.
 */
const MAX_PAUSE_MS = 400;
/** ...and never stretches the time between two frames past this: the server refuses a gap over MAX_GAP_MS. */
const GAP_BUDGET_MS = MAX_GAP_MS / 2;
const pauseAfter = (startedAt: number) => {
  const took = performance.now() - startedAt;
  return sleep(Math.max(PAUSE_MS, Math.min(MAX_PAUSE_MS, took, GAP_BUDGET_MS - took)));
};

export type LivenessResult = { image: string; descriptor: number[]; frames: LivenessFrame[] };
export type LivenessState = { done: number; needsNeutral: boolean; lost: boolean; restarted: boolean };

type Found = { landmarks: { x: number; y: number }[]; frame: number; descriptor: number[] | null };

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * Exactly one face: its 68 landmarks (and, for the photo, its descriptor, detected at 416), else null. Nothing is run when the
 * capture has ended while the engine was loading: a photo taken by hand meanwhile must not share the CPU
 * with a frame nobody needs any more.
 */
async function scan(canvas: HTMLCanvasElement, alive: () => boolean, photo = false): Promise<Found | null> {
  const engine = await loadFaceEngine();
  if (!alive()) return null;
  const sizes = photo ? [PHOTO_INPUT_SIZE] : [FRAME_INPUT_SIZE, PHOTO_INPUT_SIZE];
  const found = await engine.detect(canvas, sizes, photo, alive);
  if (found.faces !== 1 || !found.landmarks) return null;
  return { landmarks: found.landmarks, frame: found.frame, descriptor: found.descriptor && found.descriptor.map(round3) };
}

/**
 * The descriptor of a face already found on this canvas, from its landmarks as face-api's
 * withFaceDescriptors() computes it (the same aligned crop), without detecting it again; the page gets
 * its turn between the two.
 */
async function describeFound(canvas: HTMLCanvasElement, found: Found, alive: () => boolean): Promise<number[] | null> {
  await sleep(0);
  if (!alive()) return null;
  const engine = await loadFaceEngine();
  const descriptor = await engine.describe(canvas, found.frame);
  return descriptor && descriptor.map(round3);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `start(steps, capture, onDone)` runs the loop until the answer is complete (onDone gets the photo, its
 * descriptor and the frames to send) or `stop()`; `capture` returns the camera's current frame as a canvas.
 */
export function useLiveness() {
  const [state, setState] = useState<LivenessState | null>(null);
  const run = useRef(0);
  const captured = useRef<{ steps: readonly LivenessStep[]; frames: LivenessFrame[] } | null>(null);

  const stop = useCallback(() => {
    run.current++;
    startedEngine()?.cancel();
    setState(null);
  }, []);
  useEffect(
    () => () => {
      run.current++;
      startedEngine()?.cancel();
    },
    [],
  );

  const start = useCallback(
    (
      steps: readonly LivenessStep[],
      capture: () => HTMLCanvasElement | null,
      onDone: (r: LivenessResult) => void,
      onError: (err: unknown) => void,
    ) => {
      const mine = ++run.current;
      const alive = () => mine === run.current;
      void (async () => {
        let frames: LivenessFrame[] = [];
        let t0 = 0;
        let answered = 0;
        let described = false;
        let restarted = false;
        captured.current = { steps, frames };
        const begin = () => {
          frames = [];
          captured.current = { steps, frames };
          answered = 0;
          described = false;
        };
        setState({ done: 0, needsNeutral: true, lost: false, restarted: false });
        while (alive()) {
          const now = performance.now();
          const last = frames[frames.length - 1];
          if (last && (now - t0 - last.t > LOST_MS || now - t0 > RESTART_MS)) {
            restarted = true;
            begin();
          }
          const canvas = capture();
          if (!canvas) {
            await sleep(PAUSE_MS);
            continue;
          }
          const found = await scan(canvas, alive);
          if (!alive()) return;
          if (!found) {
            setState((s) => s && { ...s, lost: true });
            await pauseAfter(now);
            continue;
          }
          if (!frames.length) t0 = now;
          const frame: LivenessFrame = {
            t: frames.length ? Math.max(frames[frames.length - 1]!.t + 1, Math.round(now - t0)) : 0,
            p: encodePoints(found.landmarks),
          };
          frames.push(frame);
          const progress = track(steps, frames);
          if (progress.done > answered) {
            answered = progress.done;
            described = false;
          }
          if (progress.complete) {
            // This frame faces the camera after the last step: it is the photo.
            const photo = await scan(canvas, alive, true);
            if (!alive()) return;
            if (photo?.descriptor) {
              setState({ done: progress.done, needsNeutral: false, lost: false, restarted });
              onDone({
                image: canvasToJpeg(canvas, 0.7),
                descriptor: photo.descriptor,
                frames: thinFrames(steps, frames).slice(0, MAX_FRAMES),
              });
              return;
            }
            frames.pop();
          } else if (!described && facesCamera(frames, frame)) {
            const d = await describeFound(canvas, found, alive);
            if (!alive()) return;
            if (d) {
              frame.d = d;
              described = true;
            }
          }
          setState({ done: progress.done, needsNeutral: progress.needsNeutral, lost: false, restarted });
          await pauseAfter(now);
        }
      })().catch((err: unknown) => {
        if (alive()) onError(err);
      });
    },
    [],
  );

  /**
   * The frames so far, for a photo taken by hand before the answer was complete: the server flags (or,
   * by policy, refuses) it, but the employee is never stuck. Null when no face was seen yet.
   */
  const framesSoFar = useCallback((): LivenessFrame[] | null => {
    const c = captured.current;
    return c && c.frames.length ? thinFrames(c.steps, c.frames).slice(0, MAX_FRAMES) : null;
  }, []);

  return { state, start, stop, framesSoFar };
}
