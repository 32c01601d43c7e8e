'use client';
// The face engine in the page's own thread (features/face/components/face-engine.ts): where the browser
// has no OffscreenCanvas for the face worker, or the worker could not start. face-api's browser bundle
// is served from /models like the models (prefetched and cached the same way) and imported here.
import { CODE_URL, codePrefetched, download, release } from '@/features/face/components/model-download';
import {
  describeMarks,
  detectFaces,
  loadNet,
  pickBackend,
  warmUp,
  type FaceApi,
  type NetKey,
} from '@/features/face/components/engine-core';
import type { EngineFiles, FaceEngine } from '@/features/face/components/face-engine';

const NET_KEYS: NetKey[] = ['detector', 'landmarks', 'recognition'];

export async function loadPageEngine(files: EngineFiles): Promise<FaceEngine> {
  await codePrefetched();
  const faceapi = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ CODE_URL)) as FaceApi;
  performance.measure('face:code', 'face:load-start');
  const backend = await pickBackend(faceapi.tf as never, !!files.wasmKey, (key) =>
    key === files.wasmKey && files.wasm ? files.wasm : download(key),
  );
  if (files.wasmKey) release(files.wasmKey);
  performance.measure('face:engine', 'face:load-start');
  await Promise.all(
    NET_KEYS.map(async (key) => {
      loadNet(faceapi, key, await files.nets[key]);
      release(key);
    }),
  );
  const blank = document.createElement('canvas');
  blank.width = 64;
  blank.height = 48;
  await warmUp(faceapi, blank);

  let frames = 0;
  let last: { frame: number; canvas: HTMLCanvasElement; marks: NonNullable<Awaited<ReturnType<typeof detectFaces>>['marks']> } | null =
    null;
  return {
    where: 'page',
    backend,
    async detect(canvas, sizes, describe, alive = () => true) {
      const frame = ++frames;
      const { detection, marks } = await detectFaces(faceapi, canvas, sizes, describe, alive);
      last = marks ? { frame, canvas, marks } : null;
      return { ...detection, frame };
    },
    async describe(canvas, frame) {
      if (!last || last.frame !== frame || last.canvas !== canvas) return null;
      return describeMarks(faceapi, canvas, last.marks);
    },
    cancel() {},
  };
}
