import { route } from '@/lib/server/http';
import { invitePrintSchema } from '@/features/employees/validation/invites';
import { printInvites } from '@/features/employees/server/invites-print';

/** New activation links for these people as a printable PDF with a QR code each (docs/onboarding.md). */
export const POST = route({ auth: ['admin', 'hr'], body: invitePrintSchema }, ({ user, body, req }) =>
  printInvites(user, body, req.nextUrl.origin),
);
