// Attendance machines poll here for commands (docs/terminals.md): a device route, outside /api, no session.
import { getRequest } from '@/features/terminals/server/iclock';

export const GET = getRequest;
