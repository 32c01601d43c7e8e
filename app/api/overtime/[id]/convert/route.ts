import { idParam, route } from '@/lib/server/http';
import { convertOvertime } from '@/features/overtime/server/overtime-convert';

// The employee, or admin/HR for them, under the company's pilihan or cuti setting (docs/overtime.md, "Cuti pengganti").
export const POST = route({ auth: 'user', params: idParam }, ({ user, params }) => convertOvertime(user, params.id));
