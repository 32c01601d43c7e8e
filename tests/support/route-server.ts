// A real HTTP server over the app's route handlers, for clients that must be tested over the wire (the
// attendance-machine simulator): each request becomes a NextRequest for the handler its path names, as
// `next start` would do, with the socket address stamped the way instrumentation.ts stamps it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { stampPeerAddresses } from '@/lib/server/client-ip';

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type Routes = Record<string, Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', Handler>>>;

export async function startRouteServer(routes: Routes): Promise<{ url: string; close: () => Promise<void>; server: Server }> {
  stampPeerAddresses();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const handler = routes[url.pathname]?.[req.method as 'GET'];
    if (!handler) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await handler(new NextRequest(url, { method: req.method, headers, body }), { params: Promise.resolve({}) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
