'use client';
// The search behind every person picker (docs/quality.md, lists): the server finds the few people matching
// what was typed (GET /users?view=names&limit=: name, NIK, email, position) and says how many match in all,
// so a company of 5,000 never reaches the browser whole. One request per pause in typing; only the latest
// answer is shown.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { useDebounced } from '@/features/employees/components/useDebounced';
import { readPageInfo } from '@/features/attendance/lib/history-pages';
import type { PersonName } from '@/features/employees/lib/users-page';

/** At most this many people per answer: a list a person reads, not a company. */
export const PICKER_LIMIT = 20;
export const PICKER_DEBOUNCE_MS = 250;

/**
 * Who a picker offers: one role (e.g. employee), and with deactivated people too (a history filter); or, for a
 * supervisor naming a delegate (who may not list the company), the candidates of GET /delegates/candidates.
 */
export type PersonScope = { role?: PersonName['role']; includeInactive?: boolean; source?: 'users' | 'delegates' };

/** A person as a picker shows them (the delegates' candidates carry no email or role). */
export type PickedPerson = Pick<PersonName, 'id' | 'name' | 'position'> & Partial<Pick<PersonName, 'email' | 'role'>>;

export type PersonSearch = {
  people: PickedPerson[];
  /** How many people match in all (more than `people` when the list is cut at PICKER_LIMIT). */
  total: number;
  loading: boolean;
  failed: boolean;
};

function scopeParams(scope: PersonScope): URLSearchParams {
  if (scope.source === 'delegates') return new URLSearchParams();
  const qs = new URLSearchParams({ view: 'names' });
  if (scope.role) qs.set('role', scope.role);
  if (scope.includeInactive) qs.set('status', 'semua');
  return qs;
}

const sourcePath = (scope: PersonScope) => (scope.source === 'delegates' ? '/delegates/candidates' : '/users');

/** The people matching `term` while `active` (the list is open); nothing is asked while it is closed. */
export function usePersonSearch(term: string, active: boolean, scope: PersonScope): PersonSearch {
  const settled = useDebounced(term.trim(), PICKER_DEBOUNCE_MS);
  const [state, setState] = useState<PersonSearch>({ people: [], total: 0, loading: false, failed: false });
  const { role, includeInactive, source } = scope;
  useEffect(() => {
    if (!active) return;
    let current = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    const qs = scopeParams({ role, includeInactive, source });
    qs.set('limit', String(PICKER_LIMIT));
    if (settled) qs.set('search', settled);
    api
      .getWithHeaders<PickedPerson[]>(`${sourcePath({ source })}?${qs}`)
      .then(({ data, headers }) => {
        if (current) setState({ people: data, total: readPageInfo(headers)?.total ?? data.length, loading: false, failed: false });
      })
      .catch((err) => {
        console.error('[people] search failed', err);
        if (current) setState({ people: [], total: 0, loading: false, failed: true });
      });
    return () => {
      current = false;
    };
  }, [settled, active, role, includeInactive, source]);
  return state;
}

/**
 * The person behind an id chosen before (a form opened on a saved record), fetched once by id. A delegate
 * picker always starts empty (its choice is never preset), so this asks GET /users only.
 */
export function usePersonById(id: string, known: PickedPerson | null, scope: PersonScope): PickedPerson | null {
  const [found, setFound] = useState<PickedPerson | null>(null);
  const { role } = scope;
  const needed = Boolean(id) && known?.id !== id && scope.source !== 'delegates';
  useEffect(() => {
    if (!needed) return;
    let current = true;
    const qs = scopeParams({ role, includeInactive: true });
    qs.set('limit', '1');
    qs.set('ids', id);
    api
      .get<PersonName[]>(`/users?${qs}`)
      .then((rows) => current && setFound(rows[0] ?? null))
      .catch((err) => console.error('[people] lookup failed', err));
    return () => {
      current = false;
    };
  }, [id, needed, role]);
  if (!id) return null;
  if (known?.id === id) return known;
  return found?.id === id ? found : null;
}
