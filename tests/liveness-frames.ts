// Hand-made liveness frames (features/face/lib/liveness.ts) for the unit and integration tests.
// A face drawn on a grid: jaw ends at x = 100 and x = 200 (y = 150), so the jaw's middle is 150 and
// half its width 50; the nose tip at x = 150 + 50·yaw. Each eye is 20 px wide (p1→p4), with its lids
// h px above and below the corner line: EAR = (2h + 2h) / (2·20) = h / 10, so h = 3 is EAR 0.30.
// dx shifts the whole face right (a photo slid sideways).
import { COORD_SCALE, type LivenessFrame, type LivenessStep } from '../features/face/lib/liveness';

export type Pose = { yaw?: number; ear?: number; dx?: number; d?: number[] };

export function face(t: number, pose: Pose = {}): LivenessFrame {
  const { yaw = 0, ear = 0.3, dx = 0 } = pose;
  const h = ear * 10;
  const eye = (x0: number) => [
    [x0, 120],
    [x0 + 5, 120 - h],
    [x0 + 15, 120 - h],
    [x0 + 20, 120],
    [x0 + 15, 120 + h],
    [x0 + 5, 120 + h],
  ];
  // LIVENESS_POINTS order: 0, 16, 27, 30, 36..41, 42..47
  const points = [[100, 150], [200, 150], [150, 120], [150 + 50 * yaw, 140], ...eye(115), ...eye(165)];
  const p = points.flatMap(([x, y]) => [Math.round((x! + dx) * COORD_SCALE), Math.round(y! * COORD_SCALE)]);
  return { t, p, ...(pose.d ? { d: pose.d } : {}) };
}

/** The frames of one step's movement (no neutral frames around it). */
export function movement(step: LivenessStep): Pose[] {
  if (step === 'toleh_kiri') return [{ yaw: 0.2 }, { yaw: 0.45 }, { yaw: 0.2 }];
  if (step === 'toleh_kanan') return [{ yaw: -0.2 }, { yaw: -0.45 }, { yaw: -0.2 }];
  return [{ ear: 0.3 }, { ear: 0.12 }, { ear: 0.3 }];
}

/**
 * A genuine answer, 200 ms per frame: three frames facing the camera (the first with the descriptor),
 * the first movement, two frames facing the camera (the first with the descriptor), the second
 * movement, two frames facing the camera (the last is the photo's).
 */
export function genuineFrames(
  steps: readonly LivenessStep[],
  descriptor: number[],
  order: readonly LivenessStep[] = steps,
  spacingMs = 200,
): LivenessFrame[] {
  const poses: Pose[] = [{ d: descriptor }, {}, {}];
  for (const [i, step] of order.entries()) {
    poses.push(...movement(step));
    poses.push(i < order.length - 1 ? { d: descriptor } : {}, {});
  }
  return poses.map((pose, i) => face(i * spacingMs, pose));
}

/** A still photo: the same face, `n` frames 200 ms apart. */
export function stillFrames(n: number, descriptor: number[]): LivenessFrame[] {
  return Array.from({ length: n }, (_, i) => face(i * 200, i === 0 || i === 5 ? { d: descriptor } : {}));
}
