import { SettingsManager } from '@/features/settings/components/SettingsManager';

export default function Page() {
  return <SettingsManager />;
}
