import { TerminalsManager } from '@/features/terminals/components/TerminalsManager';

// Mesin Absensi: HR sees the terminals, uploads attlog files and reads the unknown PINs (docs/terminals.md).
export default function Page() {
  return <TerminalsManager canManage={false} />;
}
