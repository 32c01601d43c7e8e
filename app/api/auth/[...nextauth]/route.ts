import NextAuth from 'next-auth';
import { getAuthOptions } from '@/lib/server/auth/next-auth';

type Ctx = { params: Promise<{ nextauth: string[] }> };
const handler = (req: Request, ctx: Ctx) => NextAuth(req as never, ctx as never, getAuthOptions());

export { handler as GET, handler as POST };
