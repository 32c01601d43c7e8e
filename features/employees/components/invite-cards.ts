// Activation cards (docs/onboarding.md): POST /api/users/invites answers a PDF, one card with a QR code per
// person; the browser saves it for HR to print. Each card is a new link: the person's earlier one stops working.
import { confirmDialog, toast, alertDialog } from '@/lib/ui/alerts';

export async function printInviteCards(userIds: string[], who: string): Promise<boolean> {
  if (!userIds.length) return false;
  const ok = await confirmDialog({
    title: 'Cetak Kartu Aktivasi',
    text: `Buat tautan aktivasi baru dengan kode QR untuk ${who}? Tautan lama yang belum dipakai tidak berlaku lagi.`,
    confirmText: 'Ya, Cetak',
  });
  if (!ok) return false;
  try {
    const res = await fetch('/api/users/invites', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userIds }),
      credentials: 'same-origin',
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new Error(body?.error ?? 'Gagal membuat kartu aktivasi');
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'tautan-aktivasi.pdf';
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    void toast('success', `Kartu aktivasi untuk ${res.headers.get('x-invites') ?? userIds.length} orang siap dicetak`, 2500);
    return true;
  } catch (err) {
    void alertDialog('error', 'Gagal', err instanceof Error ? err.message : 'Gagal membuat kartu aktivasi');
    return false;
  }
}
