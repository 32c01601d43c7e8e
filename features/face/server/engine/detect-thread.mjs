// The face engine's thread: face-api on the tfjs WebAssembly backend (no native binary, no download),
// run off the main thread so a re-check (~0.5 s of CPU) never stalls the server's requests.
// Plain JavaScript: Node starts it directly with worker_threads (see engine.ts).
//
// The wasm backend fetches its .wasm through tf.env().platform.fetch, which cannot read a file path,
// so that fetch is replaced by one that serves the bytes from node_modules.
import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import os from 'node:os';

const require = createRequire(path.join(workerData.root, 'package.json'));
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js');
const tf = require('@tensorflow/tfjs'); // the same module instance face-api requires
const wasm = require('@tensorflow/tfjs-backend-wasm');
const jpeg = require('jpeg-js');

const MAX_MEGAPIXELS = 16;
const packageDir = (name) => path.dirname(require.resolve(`${name}/package.json`));

async function load() {
  const wasmDir = path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist');
  const files = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];
  wasm.setWasmPaths(Object.fromEntries(files.map((f) => [f, path.join(wasmDir, f)])), true);
  tf.env().platform.fetch = (url) =>
    readFile(url).then(
      (bytes) => new Response(bytes, { status: 200, headers: { 'content-type': 'application/wasm' } }),
      () => new Response(null, { status: 404 }),
    );
  // tfjs's own worker threads would need a Blob URL script, which Node cannot start.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await tf.setBackend('wasm');
  await tf.ready();
  const modelDir = workerData.modelDir ?? path.join(packageDir('@vladmandic/face-api'), 'model');
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
}

async function detect(image, inputSize, minScore) {
  const decoded = jpeg.decode(image, { useTArray: true, formatAsRGBA: false, maxResolutionInMP: MAX_MEGAPIXELS });
  const tensor = tf.tensor3d(decoded.data, [decoded.height, decoded.width, 3], 'int32');
  try {
    const options = new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: minScore });
    const results = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks(true).withFaceDescriptors();
    return results.map((r) => ({
      box: { x: r.detection.box.x, y: r.detection.box.y, width: r.detection.box.width, height: r.detection.box.height },
      score: r.detection.score,
      descriptor: Array.from(r.descriptor),
    }));
  } finally {
    tensor.dispose();
  }
}

// Background work: on Linux the nice value is per thread, so this lowers only this thread's
// priority. Under load the CPU goes to requests first (check-ins, pages) and the re-check queue
// catches up when they are served; on an idle machine it makes no difference.
try {
  os.setPriority(19);
} catch {
  // Not permitted here: run at normal priority.
}

const ready = load();
ready.then(
  () => parentPort.postMessage({ type: 'ready' }),
  (err) => parentPort.postMessage({ type: 'fatal', error: String(err?.message ?? err) }),
);

// One detection at a time: requests queue up behind each other.
let queue = ready;
parentPort.on('message', (msg) => {
  queue = queue
    .then(() => detect(Buffer.from(msg.image), msg.inputSize, msg.minScore))
    .then(
      (faces) => parentPort.postMessage({ type: 'result', id: msg.id, faces }),
      (err) => parentPort.postMessage({ type: 'result', id: msg.id, error: String(err?.message ?? err) }),
    );
});
