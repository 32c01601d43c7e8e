'use client';
// The bell in every area's header (docs/notifications.md): the unread count, the list newest first
// (paged by "Muat lebih banyak"), mark one or all read; each item links to what it is about.
import { useCallback, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Bell } from 'lucide-react';
import { api } from '@/lib/api-client';
import type { InboxDto, NotificationDto } from '@/features/notifications/types/notifications';
import { dateTimeFormat } from '@/lib/intl';

const PAGE = 10;
const POLL_MS = 60_000;

function when(iso: string): string {
  return dateTimeFormat('id-ID', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

export function NotificationBell({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationDto[]>([]);
  const [unread, setUnread] = useState(0);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const box = useRef<HTMLDivElement>(null);

  const load = useCallback(async (p = 1) => {
    try {
      const data = await api.get<InboxDto>(`/notifications?page=${p}&limit=${PAGE}`);
      setItems((prev) => (p === 1 ? data.items : [...prev, ...data.items.filter((i) => !prev.some((x) => x.id === i.id))]));
      setUnread(data.unread);
      setTotal(data.total);
      setPage(p);
    } catch {
      // The bell never gets in the way: a failed look is tried again at the next poll.
    }
  }, []);

  useEffect(() => {
    if (disabled) return;
    void load(1);
    const timer = setInterval(() => void load(1), POLL_MS);
    const onFocus = () => void load(1);
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [disabled, load]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const markRead = async (body: { ids: string[] } | { all: true }) => {
    const res = await api.post<{ unread: number }>('/notifications/read', body);
    const now = new Date().toISOString();
    setItems((prev) => prev.map((i) => ('all' in body || body.ids.includes(i.id) ? { ...i, readAt: i.readAt ?? now } : i)));
    setUnread(res.unread);
  };

  if (disabled) return null;
  const label = unread ? `Notifikasi, ${unread} belum dibaca` : 'Notifikasi';
  return (
    <div className="relative" ref={box}>
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen((o) => !o);
          if (!open) void load(1);
        }}
        className="relative rounded-lg border border-slate-200 p-2 text-slate-700 hover:bg-slate-100"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread ? (
          <span
            data-testid="notification-count"
            className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          role="dialog"
          aria-label="Notifikasi"
          className="absolute right-0 z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
            <p className="font-semibold text-slate-900">Notifikasi</p>
            {unread ? (
              <button type="button" onClick={() => void markRead({ all: true })} className="text-sm text-blue-700 hover:underline">
                Tandai semua dibaca
              </button>
            ) : null}
          </div>
          <ul className="max-h-[60vh] overflow-y-auto">
            {items.length === 0 ? <li className="px-4 py-6 text-center text-sm text-slate-500">Belum ada notifikasi</li> : null}
            {items.map((n) => {
              const inner = (
                <>
                  <p className={`text-sm ${n.readAt ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{n.title}</p>
                  <p className="mt-0.5 text-xs text-slate-600">{n.body}</p>
                  <p className="mt-1 text-xs text-slate-400">{when(n.createdAt)}</p>
                </>
              );
              const onOpen = () => {
                if (!n.readAt) void markRead({ ids: [n.id] });
                setOpen(false);
              };
              return (
                <li key={n.id} className={`border-b border-slate-100 ${n.readAt ? '' : 'bg-blue-50/60'}`}>
                  {n.link ? (
                    <Link href={n.link} onClick={onOpen} className="block px-4 py-3 hover:bg-slate-50">
                      {inner}
                    </Link>
                  ) : (
                    <button type="button" onClick={onOpen} className="block w-full px-4 py-3 text-left hover:bg-slate-50">
                      {inner}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {items.length < total ? (
            <button type="button" onClick={() => void load(page + 1)} className="w-full px-4 py-2 text-sm text-blue-700 hover:bg-slate-50">
              Muat lebih banyak
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
