import { OvertimeAdmin } from '@/features/overtime/components/OvertimeAdmin';

// Lembur: assignments, decisions and payable figures (docs/overtime.md).
export default function Page() {
  return <OvertimeAdmin />;
}
