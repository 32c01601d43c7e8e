import { route } from '@/lib/server/http';
import { checkHealth } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

export const GET = route({ auth: 'public' }, () => checkHealth());
