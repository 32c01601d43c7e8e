// Every /api route handler on disk, found from the file system: app/api/**/route.ts and the HTTP methods
// each exports, keyed 'METHOD dir' (dir relative to app/api, e.g. 'POST users/[id]/unlock'). A new route
// file is picked up without touching a test (used by the access matrix and the audit-trail test).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { call } from './helpers';

export const API_DIR = path.join(process.cwd(), 'app', 'api');
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** The methods that may change something. */
export const MUTATING_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

export type RouteHandler = Parameters<typeof call>[0];

/** Every app/api/**\/route.* file, with its directory as the key. */
export function discoverRoutes(): { key: string; file: string }[] {
  const found: { key: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/^route\.(ts|tsx|js|mjs)$/.test(entry.name))
        found.push({ key: path.relative(API_DIR, dir).split(path.sep).join('/'), file: full });
    }
  };
  walk(API_DIR);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** Imports every route file: 'METHOD dir' → its handler, for the methods asked for. */
export async function loadHandlers(methods: readonly string[] = HTTP_METHODS): Promise<Map<string, RouteHandler>> {
  const handlers = new Map<string, RouteHandler>();
  for (const { key, file } of discoverRoutes()) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const method of methods) if (typeof mod[method] === 'function') handlers.set(`${method} ${key}`, mod[method] as RouteHandler);
  }
  return handlers;
}
