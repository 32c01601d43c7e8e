// Activation cards (docs/onboarding.md): POST /api/users/invites { userIds } makes a new one-time link for
// each person (the open one revoked, as POST /api/users/{id}/invite does, audited `user.invite` each) and
// answers a printable A4 PDF, one card per person: name, NIK, e-mail, the link as a QR code and as text,
// and until when it works. HR prints it and hands each person their card. Those who cannot be invited
// (unknown, deactivated, the caller, an administrator when HR asks) are left out; nobody left is 422.
import { createHash, randomBytes } from 'node:crypto';
import type { Content } from 'pdfmake/interfaces';
import { db } from '@/lib/server/db';
import { unprocessable } from '@/lib/server/errors';
import { recordAudit } from '@/lib/server/audit';
import { assertStaff, isAdmin } from '@/lib/server/auth/policy';
import type { SessionUser } from '@/lib/server/auth/session';
import { renderPdf } from '@/lib/server/export/pdf';
import { dateKeyInZone, formatDateLong } from '@/lib/dates';
import { revokeOpenInvites } from '@/features/employees/server/invites';
import { INVITE_DAYS, INVITE_PRINT_NONE, type InvitePrintInput } from '@/features/employees/validation/invites';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const TZ = 'Asia/Jakarta';

type Card = { name: string; employeeNumber: string | null; email: string; link: string };

// Ligatures off: Roboto draws "fi", "fl" and "ff" as one glyph, so a token holding one of those pairs
// (about one card in twenty) would not copy or read back as its letters. The option is fontkit's feature
// map, which pdfmake hands on as it is; its type only lists the array form, which cannot turn one off.
const NO_LIGATURES = { liga: false, clig: false, calt: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** The link as text on the card, letter for letter. */
export function linkText(link: string): Content {
  return { text: link, fontSize: 7, color: '#1d4ed8', margin: [0, 3, 0, 6], fontFeatures: NO_LIGATURES };
}

function card(c: Card, until: string): Content {
  return {
    unbreakable: true,
    margin: [0, 0, 0, 14],
    table: {
      widths: [130, '*'],
      body: [
        [
          { qr: c.link, fit: 120, margin: [4, 4, 4, 4] },
          {
            margin: [4, 6, 4, 4],
            stack: [
              { text: c.name, bold: true, fontSize: 13 },
              {
                text: [c.employeeNumber ? `NIK ${c.employeeNumber} · ` : '', c.email],
                fontSize: 9,
                color: '#475569',
                margin: [0, 2, 0, 8],
              },
              { text: 'Pindai kode QR atau buka tautan ini untuk membuat password Anda sendiri:', fontSize: 9 },
              linkText(c.link),
              {
                text: `Hanya dapat dipakai sekali, berlaku sampai ${until}. Jangan berikan kepada orang lain.`,
                fontSize: 8,
                color: '#475569',
              },
            ],
          },
        ],
      ],
    },
    layout: {
      hLineColor: () => '#94a3b8',
      vLineColor: () => '#94a3b8',
      hLineStyle: () => ({ dash: { length: 3 } }),
      vLineStyle: () => ({ dash: { length: 3 } }),
    },
  } as Content;
}

export async function printInvites(actor: SessionUser, input: InvitePrintInput, origin: string): Promise<Response> {
  assertStaff(actor, 'Hanya admin atau HR yang dapat membuat tautan aktivasi.');
  const ids = [...new Set(input.userIds)];
  const people = await db.user.findMany({
    where: { id: { in: ids }, deactivatedAt: null, NOT: { id: actor.id }, ...(isAdmin(actor) ? {} : { role: { not: 'admin' } }) },
    select: { id: true, name: true, email: true, employeeNumber: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  if (!people.length) throw unprocessable(INVITE_PRINT_NONE);
  const expiresAt = new Date(Date.now() + INVITE_DAYS * 86_400_000);
  const cards: Card[] = [];
  await db.$transaction(async (tx) => {
    for (const p of people) {
      const token = randomBytes(32).toString('base64url');
      // The open link stops working, and a message of it not yet sent is withdrawn (invites.ts).
      const replaced = await revokeOpenInvites(tx, [p.id]);
      const invite = await tx.userInvite.create({ data: { userId: p.id, tokenHash: sha256(token), expiresAt, createdById: actor.id } });
      await recordAudit(tx, {
        actor,
        kind: 'user.invite',
        entity: 'UserInvite',
        entityId: invite.id,
        targetUserId: p.id,
        after: { expiresAt: expiresAt.toISOString(), replaced, printed: true },
      });
      cards.push({ name: p.name, employeeNumber: p.employeeNumber, email: p.email, link: `${origin}/activate?token=${token}` });
    }
  });
  const settings = await db.settings.findUnique({ where: { id: 1 }, select: { companyName: true } });
  const until = formatDateLong(dateKeyInZone(expiresAt, TZ));
  const pdf = await renderPdf({
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 36],
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    info: { title: 'Tautan Aktivasi Akun' },
    content: [
      { text: `${settings?.companyName?.trim() || 'Absensi'} — Tautan Aktivasi Akun`, bold: true, fontSize: 14, margin: [0, 0, 0, 4] },
      {
        text: `${cards.length} karyawan · gunting per kartu dan berikan kepada masing-masing`,
        fontSize: 9,
        color: '#475569',
        margin: [0, 0, 0, 14],
      },
      ...cards.map((c) => card(c, until)),
    ],
  });
  const day = dateKeyInZone(new Date(), TZ);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="tautan-aktivasi-${day}.pdf"`,
      // The links are secrets until used: never kept by a cache.
      'cache-control': 'no-store',
      'x-invites': String(cards.length),
    },
  });
}
