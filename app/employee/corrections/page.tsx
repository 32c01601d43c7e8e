import { Suspense } from 'react';
import { EmployeeCorrections } from '@/components/corrections/EmployeeCorrections';

export default function Page() {
  return (
    <Suspense>
      <EmployeeCorrections />
    </Suspense>
  );
}
