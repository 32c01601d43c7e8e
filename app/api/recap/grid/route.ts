import { route } from '@/lib/server/http';
import { gridQuery } from '@/features/recap/validation/grid';
import { monthGrid } from '@/features/recap/server/recap-grid-files';

/** Absensi Bulanan (admin, HR): ?month&officeId&divisionId&format=json|xlsx|pdf|csv&page&pageSize&paper=a4|f4&sep=comma. */
export const GET = route({ auth: ['admin', 'hr'], query: gridQuery }, ({ user, query }) => monthGrid(user, query));
