import { route } from '@/lib/server/http';
import { openApiDocument } from '@/features/integrations/server/openapi/document';

/** The OpenAPI 3.1 document of every /api route (docs/integrations.md); public: it describes, it holds no data. */
export const GET = route({ auth: 'public' }, () => openApiDocument());
