// Divisi as the API sends it (docs/onboarding.md).
export type DivisionDto = { id: string; name: string; memberCount: number };
