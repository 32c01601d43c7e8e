import { Suspense } from 'react';
import { EmployeeCorrections } from '@/features/corrections/components/EmployeeCorrections';

export default function Page() {
  return (
    <Suspense>
      <EmployeeCorrections />
    </Suspense>
  );
}
