import { SettingsManager } from '@/components/settings/SettingsManager';

export default function Page() {
  return <SettingsManager />;
}
