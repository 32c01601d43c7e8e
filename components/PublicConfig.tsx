'use client';
// Runtime configuration the server hands to the browser (read from lib/env.ts by the layout).
import { createContext, useContext } from 'react';

export type PublicConfig = { mapTileUrl: string };
const DEFAULT: PublicConfig = { mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' };
const Ctx = createContext<PublicConfig>(DEFAULT);

export function PublicConfigProvider({ value, children }: { value: PublicConfig; children: React.ReactNode }) {
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function usePublicConfig(): PublicConfig {
  return useContext(Ctx);
}
