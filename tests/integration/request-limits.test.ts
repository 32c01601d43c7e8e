// Request bodies are streamed and cut off at the route's limit: a chunked 50 MB body to the public login
// is refused after reading little more than the limit, never read whole; a body that does not arrive
// within REQUEST_BODY_TIMEOUT_SECONDS is refused with 408. Both answers close the connection.
import { afterEach, describe, expect, it } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/login/route';
import { POST as enrolRoute } from '@/app/api/face/enrol/route';
import { DEFAULT_MAX_BODY } from '@/lib/server/http';
import { MAX_ENROL_BODY } from '@/features/face/validation/face';
import { resetEnvCache } from '@/lib/env';
import { call, createUser } from '../helpers';

const CHUNK = 64 * 1024;

/** A body of `total` bytes made on demand (like a chunked upload: no Content-Length); counts what was pulled. */
function lazyBody(total: number, opts: { stallAfter?: number } = {}) {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (opts.stallAfter !== undefined && state.pulled >= opts.stallAfter) return new Promise(() => undefined);
        if (state.pulled >= total) return controller.close();
        const size = Math.min(CHUNK, total - state.pulled);
        state.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

afterEach(() => {
  delete process.env.REQUEST_BODY_TIMEOUT_SECONDS;
  resetEnvCache();
});

describe('request bodies', () => {
  it('a chunked 50 MB body to /api/auth/login is refused with 413 after reading about the limit, and the stream is cancelled', async () => {
    const { stream, state } = lazyBody(50 * 1024 * 1024);
    const res = await call(loginRoute, { rawBody: stream, ip: '10.40.0.1' });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Ukuran data terlalu besar', code: 'PAYLOAD_TOO_LARGE' });
    expect(res.headers.get('connection')).toBe('close');
    expect(state.pulled).toBeLessThanOrEqual(DEFAULT_MAX_BODY + CHUNK);
    expect(state.cancelled).toBe(true);
  });

  it('each route keeps its own limit: enrolment reads up to its 1.4 MB, not one byte more', async () => {
    const { token } = await createUser();
    const { stream, state } = lazyBody(10 * 1024 * 1024);
    const res = await call(enrolRoute, { token, rawBody: stream });
    expect(res.status).toBe(413);
    expect(state.pulled).toBeGreaterThan(MAX_ENROL_BODY);
    expect(state.pulled).toBeLessThanOrEqual(MAX_ENROL_BODY + CHUNK);
  });

  it('a declared Content-Length over the limit is refused before a byte is read', async () => {
    const { stream, state } = lazyBody(DEFAULT_MAX_BODY * 2);
    const res = await call(loginRoute, { rawBody: stream, headers: { 'content-length': String(DEFAULT_MAX_BODY * 2) } });
    expect(res.status).toBe(413);
    expect(state.pulled).toBe(0);
  });

  it('a body that stops arriving is refused with 408 after REQUEST_BODY_TIMEOUT_SECONDS', async () => {
    process.env.REQUEST_BODY_TIMEOUT_SECONDS = '1';
    resetEnvCache();
    const { stream, state } = lazyBody(DEFAULT_MAX_BODY, { stallAfter: CHUNK / 2 });
    const started = Date.now();
    const res = await call(loginRoute, { rawBody: stream });
    const took = Date.now() - started;
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ error: 'Pengiriman data terlalu lama. Periksa koneksi Anda lalu coba lagi.', code: 'REQUEST_TIMEOUT' });
    expect(res.headers.get('connection')).toBe('close');
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(5000);
    expect(state.cancelled).toBe(true);
  });

  it('a body within the limit still works, chunked or not', async () => {
    const { user } = await createUser();
    const body = JSON.stringify({ email: user.email, password: 'Rahasia123', padding: 'x'.repeat(DEFAULT_MAX_BODY - 200) });
    const chunks = [body.slice(0, 1000), body.slice(1000)];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
    expect((await call(loginRoute, { rawBody: stream, ip: '10.40.0.2' })).status).toBe(200);
  });
});
