'use client';
// Tautan aktivasi per person on Kelola Karyawan (docs/onboarding.md): HR makes a one-time link (a new one
// replaces the open one), sees it once to copy or print and hand out, sends it by e-mail / WhatsApp (a new
// link, sent through the notifications' outbox; the dialog says on which channels), or revokes it.
import { useState } from 'react';
import { Link2, Printer, QrCode, Send } from 'lucide-react';
import { printInviteCards } from '@/features/employees/components/invite-cards';
import { Button } from '@/components/ui/Button';
import { Modal } from '@/components/ui/Modal';
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog, toast } from '@/lib/ui/alerts';
import type { InviteDto } from '@/features/employees/types/invites';
import type { UserDto } from '@/features/employees/types/users';

export function InviteAction({ user }: { user: UserDto }) {
  const [invite, setInvite] = useState<InviteDto | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      setInvite(await api.post<InviteDto>(`/users/${user.id}/invite`, { send: true }));
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Gagal mengirim tautan aktivasi'));
    } finally {
      setSending(false);
    }
  };
  const make = async () => {
    const ok = await confirmDialog({
      title: 'Tautan Aktivasi',
      text: `Buat tautan aktivasi untuk ${user.name}? Tautan lama yang belum dipakai tidak berlaku lagi.`,
      confirmText: 'Ya, Buat',
    });
    if (!ok) return;
    try {
      setInvite(await api.post<InviteDto>(`/users/${user.id}/invite`));
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Gagal membuat tautan aktivasi'));
    }
  };
  const revoke = async () => {
    try {
      const res = await api.delete<{ message: string }>(`/users/${user.id}/invite`);
      setInvite(null);
      void toast('success', res.message, 2000);
    } catch (err) {
      void alertDialog('error', 'Gagal', errorMessage(err, 'Gagal mencabut tautan aktivasi'));
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void make()}
        className="rounded-lg px-2 py-1 text-xs font-semibold text-blue-700 hover:bg-blue-50"
        aria-label={`Undang ${user.name}: tautan aktivasi`}
      >
        <Link2 className="inline h-4 w-4" aria-hidden /> Undang
      </button>
      {invite ? (
        <Modal id="invite" title="Tautan Aktivasi" onClose={() => setInvite(null)}>
          <div className="space-y-3 p-6 text-sm" data-testid="invite-sheet">
            <p className="font-semibold text-slate-900">{invite.name}</p>
            <p className="text-slate-600">{invite.email}</p>
            <p className="text-slate-700">Buka tautan ini untuk membuat password Anda sendiri. Tautan hanya dapat dipakai sekali.</p>
            <p className="break-all rounded bg-slate-100 p-2 font-mono text-xs" data-testid="invite-link">
              {invite.link}
            </p>
            <p className="text-slate-600">{invite.message}</p>
            {invite.sent.length ? (
              <p className="rounded bg-emerald-50 p-2 text-emerald-800" role="status" data-testid="invite-sent">
                Dikirim lewat {invite.sent.map((c) => (c === 'email' ? `e-mail (${invite.email})` : 'WhatsApp')).join(' dan ')}. Tautan
                sebelumnya tidak berlaku lagi.
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2 print:hidden">
              <Button
                variant="secondary"
                onClick={() => void navigator.clipboard?.writeText(invite.link).then(() => toast('success', 'Tautan disalin', 2000))}
              >
                Salin
              </Button>
              <Button variant="secondary" onClick={() => window.print()}>
                <Printer className="h-4 w-4" aria-hidden /> Cetak
              </Button>
              <Button
                variant="secondary"
                onClick={() => void printInviteCards([user.id], user.name).then((done) => done && setInvite(null))}
              >
                <QrCode className="h-4 w-4" aria-hidden /> Kartu QR (PDF)
              </Button>
              <Button variant="secondary" disabled={sending} onClick={() => void send()}>
                <Send className="h-4 w-4" aria-hidden /> Kirim lewat e-mail / WhatsApp
              </Button>
              <Button variant="secondary" onClick={() => void revoke()}>
                Cabut
              </Button>
            </div>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
