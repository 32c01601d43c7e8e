// Anti-fraud settings and registered devices (docs/anti-fraud.md).
// Response types only (docs/architecture.md): the server builds them, client code imports them from here.
import type { Policy } from '@/features/anti-fraud/validation/anti-fraud';

export type DeviceDto = { id: string; userId: string; userName: string; name: string; createdAt: string; lastUsedAt: string | null };
export type AntiFraudSettingsDto = {
  locationAccuracyMaxM: number;
  clockSkewMaxMinutes: number;
  devicePolicy: Policy;
  offices: { id: string; name: string; active: boolean; ipPolicy: Policy; ipAllowList: string[] }[];
};
