// The Hapus flow of the admin lists: ask ('Ya, Hapus' / 'Batal'), DELETE, reload the list, then say
// so; a refusal shows 'Gagal Hapus' with the server's message. Nothing happens if the user cancels.
// The success feedback is the caller's: some show the server's message, some their own text.
import { api, errorMessage } from '@/lib/api-client';
import { alertDialog, confirmDialog } from '@/lib/ui/alerts';

export async function confirmDelete<T = unknown>({
  title,
  text,
  path,
  reload,
  done,
  failText,
}: {
  title: string;
  text: string;
  /** The API path to DELETE, e.g. `/offices/${id}`. */
  path: string;
  /** Awaited before `done`, so the list is fresh when the success dialog shows. */
  reload: () => Promise<unknown>;
  done: (res: T) => void;
  /** Shown when the error carries no message of its own. */
  failText: string;
}): Promise<void> {
  const ok = await confirmDialog({ title, text, confirmText: 'Ya, Hapus' });
  if (!ok) return;
  try {
    const res = await api.delete<T>(path);
    await reload();
    done(res);
  } catch (err) {
    void alertDialog('error', 'Gagal Hapus', errorMessage(err, failText));
  }
}
