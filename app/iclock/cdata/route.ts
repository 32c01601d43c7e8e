// Attendance machines' push protocol (docs/terminals.md): a device route, outside /api, no session.
import { cdataGet, cdataPost } from '@/features/terminals/server/iclock';

export const GET = cdataGet;
export const POST = cdataPost;
