import { TerminalsManager } from '@/features/terminals/components/TerminalsManager';

// Mesin Absensi: the admin accepts, renames and deletes terminals (docs/terminals.md).
export default function Page() {
  return <TerminalsManager canManage />;
}
