import { route } from '@/lib/server/http';
import { payrollFileQuery } from '@/features/payroll/validation/payroll';
import { payrollFile } from '@/features/payroll/server/payroll-file';

/** File penggajian (admin, HR): ?month&preset&format=csv|xlsx — a closed month only, from its snapshot. */
export const GET = route({ auth: ['admin', 'hr'], query: payrollFileQuery }, ({ user, query }) => payrollFile(user, query));
