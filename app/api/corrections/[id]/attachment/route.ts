import { idParam, route } from '@/lib/server/http';
import * as corrections from '@/features/corrections/server/corrections';

export const GET = route({ auth: 'user', params: idParam }, ({ user, params }) => corrections.correctionAttachment(user, params.id));
