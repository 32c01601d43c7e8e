import { route } from '@/lib/server/http';
import { balanceExportQuery } from '@/features/leave/validation/leave-balance-export';
import { exportBalances } from '@/features/leave/server/leave-balance-export';

/** Saldo Cuti Karyawan (admin, HR): ?format=csv|xlsx|pdf|json&sep=comma&search&officeId&divisionId — streamed, 500 people a batch. */
export const GET = route({ auth: ['admin', 'hr'], query: balanceExportQuery }, ({ user, query }) => exportBalances(user, query));
